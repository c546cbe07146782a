#include "gpucolors.h"

#include <QHash>

namespace gantry::ui {

QColor GpuColors::of(const QString& name)
{
    static const QHash<QString, QColor> known{
        {QStringLiteral("T4"), QColor(0x9e, 0x9e, 0x9e)},
        {QStringLiteral("V100"), QColor(0x8d, 0x6e, 0x63)},
        {QStringLiteral("L40S"), QColor(0xff, 0xa7, 0x26)},
        {QStringLiteral("A100-40G"), QColor(0x66, 0xbb, 0x6a)},
        {QStringLiteral("A100-80G"), QColor(0x2e, 0x7d, 0x32)},
        {QStringLiteral("H100"), QColor(0x42, 0xa5, 0xf5)},
        {QStringLiteral("H200"), QColor(0x7e, 0x57, 0xc2)},
    };
    if (auto it = known.constFind(name); it != known.constEnd())
        return *it;
    // FNV-1a of the name: stable across runs, unlike a seeded hash.
    quint32 h = 2166136261u;
    for (QChar c : name) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return QColor::fromHsv(int(h % 360), 140, 200);
}

} // namespace gantry::ui
