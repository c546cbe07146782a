#pragma once

#include "document/problem.h"

#include <QListWidget>
#include <QPointer>

namespace gantry::ui {

class ProjectDocument;

/// Every validation problem of the current scenario, one line each, naming the item and the
/// field as the panels do ("Job j3, Arrival (s): must be ..."; the file's JSON path in the
/// tooltip); clicking a line selects the item it names. Empty when the scenario can run.
class ProblemsList : public QListWidget
{
    Q_OBJECT

public:
    /// A list following document's problems.
    explicit ProblemsList(ProjectDocument* document, QWidget* parent = nullptr);
    /// The line of problem p.
    QString describe(const Problem& p) const;

public slots:
    /// Rebuilds the lines from the document.
    void refresh();

signals:
    /// A problem's line was activated (its item is now selected).
    void problemActivated(const gantry::ui::Problem& problem);

private:
    QPointer<ProjectDocument> m_document;
};

} // namespace gantry::ui
