#pragma once

#include "document/documentrun.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace gantry::ui {

class ProjectDocument;

/// What File > Export Report covers, as its dialog says: the runs shown in Results, and how
/// many other runs of their scenario (saved or not) it leaves out.
class ReportCoverage
{
    Q_DECLARE_TR_FUNCTIONS(ReportCoverage)

public:
    /// The sentence for shown, runs of scenario scenarioIndex of document (-1: of none).
    static QString text(const std::vector<DocumentRun>& shown, const ProjectDocument& document,
                        int scenarioIndex);
};

} // namespace gantry::ui
