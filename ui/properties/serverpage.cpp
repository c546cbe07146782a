#include "serverpage.h"

#include "document/fieldlabels.h"
#include "document/projectdocument.h"
#include "io/gpucatalogue.h"

#include <QComboBox>
#include <QLineEdit>
#include <QSignalBlocker>

namespace gantry::ui {

ServerPage::ServerPage() : PropertyPage(Selection::Kind::Server, QStringLiteral("serverPage"))
{
    addLine(QStringLiteral("name"), FieldLabels::of(QStringLiteral("name")));
    addCombo(QStringLiteral("rack"), FieldLabels::of(QStringLiteral("rack")));
    addCombo(QStringLiteral("gpu_type"), FieldLabels::of(QStringLiteral("gpu_type")));
    addLine(QStringLiteral("gpus"), FieldLabels::of(QStringLiteral("gpus")));
    addLine(QStringLiteral("intra_GBps"), FieldLabels::of(QStringLiteral("intra_GBps")));
    addLine(QStringLiteral("nic_gbps"), FieldLabels::of(QStringLiteral("nic_gbps")));
    addLine(QStringLiteral("count"), FieldLabels::of(QStringLiteral("count")))
        ->setToolTip(tr("Replicates the server: N identical servers named base-0 ... base-(N-1)"));
}

void ServerPage::fill(const ProjectDocument& document)
{
    const Selection& s = document.selection();
    const Cluster& c = document.current().cluster;
    const int first = s.indices.front();
    const Server& sv = c.servers[std::size_t(first)];
    const bool single = s.indices.size() == 1;
    setTitle(single ? tr("Server %1").arg(sv.name) : tr("%1 servers").arg(s.indices.size()));
    setText(editor(QStringLiteral("name")), single ? sv.name : QString());
    editor(QStringLiteral("name"))->setEnabled(single);

    auto* rack = static_cast<QComboBox*>(editor(QStringLiteral("rack")));
    {
        const QSignalBlocker block(rack);
        rack->clear();
        for (std::size_t r = 0; r < c.racks.size(); ++r) {
            rack->addItem(c.racks[r].name, int(r));
            rack->setItemData(int(r), c.racks[r].name, Qt::ToolTipRole);
        }
        rack->setCurrentIndex(sv.rack);
        rack->setToolTip(rack->currentText());
    }
    auto* type = static_cast<QComboBox*>(editor(QStringLiteral("gpu_type")));
    {
        const QSignalBlocker block(type);
        type->clear();
        QStringList names;
        for (const GpuType& t : GpuCatalogue::builtin())
            names << t.name;
        for (const GpuType& t : c.gpuTypes)
            if (!names.contains(t.name))
                names << t.name;
        type->addItems(names);
        if (sv.gpuType >= 0 && sv.gpuType < int(c.gpuTypes.size()))
            type->setCurrentIndex(names.indexOf(c.gpuTypes[std::size_t(sv.gpuType)].name));
    }
    setText(editor(QStringLiteral("gpus")), QString::number(sv.gpus));
    setText(editor(QStringLiteral("intra_GBps")), number(sv.intraGBps));
    setText(editor(QStringLiteral("nic_gbps")), number(sv.nicGbps));
    setText(editor(QStringLiteral("count")), QString::number(document.replicasOf(first).size()));
    editor(QStringLiteral("count"))->setEnabled(single);
}

} // namespace gantry::ui
