#include "rackpage.h"

#include "document/fieldlabels.h"
#include "document/projectdocument.h"

#include <QWidget>

namespace gantry::ui {

RackPage::RackPage() : PropertyPage(Selection::Kind::Rack, QStringLiteral("rackPage"))
{
    addLine(QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    addLine(QStringLiteral("uplink_gbps"), FieldLabels::of(QStringLiteral("uplink_gbps")));
}

void RackPage::fill(const ProjectDocument& document)
{
    const Selection& s = document.selection();
    const Cluster& c = document.current().cluster;
    const Rack& r = c.racks[std::size_t(s.indices.front())];
    const bool single = s.indices.size() == 1;
    setTitle(single ? tr("Rack %1").arg(r.name) : tr("%1 racks").arg(s.indices.size()));
    setText(editor(QStringLiteral("name")), single ? r.name : QString());
    editor(QStringLiteral("name"))->setEnabled(single);
    setText(editor(QStringLiteral("uplink_gbps")), number(r.uplinkGbps));
}

} // namespace gantry::ui
