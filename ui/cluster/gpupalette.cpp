#include "gpupalette.h"

#include "clusterscene.h"
#include "gpucolors.h"
#include "io/gpucatalogue.h"

#include <QMimeData>
#include <QPainter>
#include <QPixmap>

namespace gantry::ui {

GpuPalette::GpuPalette(QWidget* parent) : QListWidget(parent)
{
    setDragEnabled(true);
    setDragDropMode(DragOnly);
    setSelectionMode(SingleSelection);
    for (const GpuType& t : GpuCatalogue::builtin()) {
        QPixmap swatch(14, 14);
        swatch.fill(GpuColors::of(t.name));
        auto* item = new QListWidgetItem(QIcon(swatch), t.name, this);
        item->setData(Qt::UserRole, t.name);
        item->setToolTip(tr("%1: %2 GB, %3 TFLOPS, speed %4 (drag onto a rack)")
                             .arg(t.name)
                             .arg(t.memoryGb)
                             .arg(t.tflops)
                             .arg(t.speed));
    }
    if (count() > 0)
        setCurrentRow(0);
}

QString GpuPalette::currentType() const
{
    const QListWidgetItem* item = currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

bool GpuPalette::setCurrentType(const QString& name)
{
    for (int i = 0; i < count(); ++i)
        if (item(i)->data(Qt::UserRole).toString() == name) {
            setCurrentRow(i);
            return true;
        }
    return false;
}

QStringList GpuPalette::mimeTypes() const
{
    return {ClusterScene::GpuTypeMimeType};
}

QMimeData* GpuPalette::mimeData(const QList<QListWidgetItem*>& items) const
{
    if (items.isEmpty())
        return nullptr;
    auto* data = new QMimeData;
    data->setData(ClusterScene::GpuTypeMimeType,
                  items.first()->data(Qt::UserRole).toString().toUtf8());
    return data;
}

} // namespace gantry::ui
