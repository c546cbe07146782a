#pragma once

#include <QListWidget>

namespace gantry::ui {

/// The GPU catalogue as a palette: one entry per built-in GPU type with its colour, memory and
/// speed. Entries drag onto the cluster editor's racks (ClusterScene::GpuTypeMimeType).
class GpuPalette : public QListWidget
{
    Q_OBJECT

public:
    /// A palette of the built-in catalogue, first entry current.
    explicit GpuPalette(QWidget* parent = nullptr);

    /// Name of the current GPU type (empty if none).
    QString currentType() const;
    /// Makes name current; false if it is not in the palette.
    bool setCurrentType(const QString& name);

protected:
    QMimeData* mimeData(const QList<QListWidgetItem*>& items) const override;
    QStringList mimeTypes() const override;
};

} // namespace gantry::ui
