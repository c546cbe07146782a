#pragma once

#include "clusteredits.h"
#include "selection.h"

#include "model/scenario.h"
#include "util/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

#include <vector>

class QMimeData;

namespace gantry::ui {

/// Copy and paste of racks, servers and jobs: what ProjectDocument puts on the clipboard (JSON
/// under ProjectDocument::ClipMimeType, also as text) and how it reads it back, refusing what
/// the scenario file would refuse, since another program may have put anything there.
class DocumentClipboard
{
    Q_DECLARE_TR_FUNCTIONS(DocumentClipboard)

public:
    /// The selected items of s as clipboard data (nullptr when nothing is selected).
    static QMimeData* copy(const Scenario& s, const Selection& selection);
    /// True when data holds copied items.
    static bool canPaste(const QMimeData* data);
    /// The copied items of data; an error when it holds none or they are not JSON.
    static Result<QJsonObject> read(const QMimeData* data);
    /// The clip's kind: "racks", "servers" or "jobs".
    static QString kind(const QJsonObject& clip);
    /// The jobs of a "jobs" clip, checked and expanded (model graphs) by the scenario reader.
    static Result<std::vector<Job>> jobs(const QJsonObject& clip);
    /// Why the racks and servers of a clip cannot be pasted ("clipboard: servers[0].gpus:
    /// ..."), empty when they can.
    static QString refusal(const QJsonObject& clip);
    /// c with the clip's racks (and their servers) added, or its servers added to the selected
    /// rack (or the selected server's, else the last); the pasted items are selected.
    static ClusterEdits::Edit pasteItems(const Cluster& c, const QJsonObject& clip,
                                         const Selection& selection);
};

} // namespace gantry::ui
