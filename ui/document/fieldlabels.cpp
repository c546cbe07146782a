#include "document/fieldlabels.h"

#include <QCoreApplication>

#include <array>
#include <utility>

namespace gantry::ui {

QString FieldLabels::of(const QString& field)
{
    static constexpr std::array<std::pair<const char*, const char*>, 31> Labels = {{
        {"name", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Name")},
        {"uplink_gbps", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Uplink (Gb/s)")},
        {"rack", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Rack")},
        {"gpu_type", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "GPU type")},
        {"gpus", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "GPUs")},
        {"intra_GBps", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Intra (GB/s)")},
        {"nic_gbps", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "NIC (Gb/s)")},
        {"count", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Server count")},
        {"kind", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Kind")},
        {"id", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Id")},
        {"arrival_s", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Arrival (s)")},
        {"duration_s", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Duration (s)")},
        {"model", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Model")},
        {"dp", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Data parallel (dp)")},
        {"pp", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Pipeline (pp)")},
        {"tp", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Tensor parallel (tp)")},
        {"ep", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Expert parallel (ep)")},
        {"cp", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Context parallel (cp)")},
        {"vp", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Virtual stages (vp)")},
        {"precision", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Precision")},
        {"recompute", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Recompute")},
        {"sequence_parallel", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Sequence parallel")},
        {"optimizer_sharding", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Optimizer sharding")},
        {"overlap", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Overlap")},
        {"parallelism", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Parallelism")},
        {"workers", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Workers")},
        {"iterations", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Iterations")},
        {"predicted_iterations",
         QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Predicted iterations")},
        {"user", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "User")},
        {"weight", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Weight")},
        {"summary", QT_TRANSLATE_NOOP("gantry::ui::FieldLabels", "Contents")},
    }};
    for (const auto& [key, label] : Labels)
        if (field == QLatin1String(key))
            return QCoreApplication::translate("gantry::ui::FieldLabels", label);
    return field;
}

} // namespace gantry::ui
