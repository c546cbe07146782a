#include "scenariopage.h"

#include "document/fieldlabels.h"
#include "document/projectdocument.h"
#include "format/readabletext.h"

#include <QLabel>

namespace gantry::ui {

ScenarioPage::ScenarioPage() : PropertyPage(Selection::Kind::None, QStringLiteral("scenarioPage"))
{
    addLine(QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    // Read-only text wraps in a label; a read-only line edit cut it to "acks, 2 servers...".
    auto* summary = new QLabel;
    summary->setObjectName(QStringLiteral("summary"));
    summary->setWordWrap(true);
    summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    addField(QStringLiteral("summary"), summary, FieldLabels::of(QStringLiteral("summary")));
}

void ScenarioPage::fill(const ProjectDocument& document)
{
    const bool has = document.hasCurrent();
    const Scenario& sc = document.current();
    setTitle(has ? tr("Scenario") : tr("No scenario: open one or add a rack"));
    setText(editor(QStringLiteral("name")), sc.name);
    editor(QStringLiteral("name"))->setEnabled(has);
    setText(editor(QStringLiteral("summary")),
            tr("%1, %2, %3, %4")
                .arg(ReadableText::count(qint64(sc.cluster.racks.size()), tr("rack"), tr("racks")),
                     ReadableText::count(qint64(sc.cluster.servers.size()), tr("server"),
                                         tr("servers")),
                     ReadableText::count(sc.cluster.totalGpus(), tr("GPU"), tr("GPUs")),
                     ReadableText::count(qint64(sc.jobs.size()), tr("job"), tr("jobs"))));
}

} // namespace gantry::ui
