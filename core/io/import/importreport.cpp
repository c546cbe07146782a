#include "io/import/importreport.h"

#include <numeric>

namespace gantry {

void ImportReport::addMalformed(int line, const QString& message)
{
    drop(DropReason::Malformed);
    if (int(malformed.size()) < kMaxListed)
        malformed.push_back({line, message});
}

int ImportReport::droppedTotal() const
{
    return std::accumulate(drops.begin(), drops.end(), 0);
}

QString ImportReport::reasonText(DropReason reason)
{
    switch (reason) {
    case DropReason::Malformed:
        return QStringLiteral("malformed");
    case DropReason::ZeroGpus:
        return QStringLiteral("with zero GPUs");
    case DropReason::NotStarted:
        return QStringLiteral("failed or cancelled before starting");
    case DropReason::NoEndTime:
        return QStringLiteral("with GPUs but no end time");
    case DropReason::NoDuration:
        return QStringLiteral("with no duration");
    case DropReason::BeforeSince:
        return QStringLiteral("submitted before the time window");
    case DropReason::AfterUntil:
        return QStringLiteral("submitted after the time window");
    case DropReason::OtherVc:
        return QStringLiteral("in another virtual cluster");
    case DropReason::FewerGpus:
        return QStringLiteral("with fewer GPUs than the minimum");
    case DropReason::MoreGpus:
        return QStringLiteral("with more GPUs than the maximum");
    case DropReason::LargerThanCluster:
        return QStringLiteral("larger than the cluster");
    case DropReason::OverLimit:
        return QStringLiteral("beyond the job limit");
    }
    return {};
}

QString ImportReport::reasonKey(DropReason reason)
{
    static const char* const keys[kDropReasons] = {
        "malformed",   "zero_gpus",    "not_started",         "no_end_time",
        "no_duration", "before_since", "after_until",         "other_vc",
        "fewer_gpus",  "more_gpus",    "larger_than_cluster", "over_limit"};
    return QString::fromLatin1(keys[int(reason)]);
}

QStringList ImportReport::summaryLines() const
{
    QStringList lines;
    // The first line stands alone where only one line fits (the window's status bar): it
    // counts the dropped rows by reason too.
    QStringList why;
    for (int r = 0; r < kDropReasons; ++r)
        if (const int n = drops[std::size_t(r)])
            why << QStringLiteral("%1 %2").arg(n).arg(reasonText(DropReason(r)));
    lines << QStringLiteral("%1: read %2 rows, kept %3 jobs, dropped %4")
                     .arg(source)
                     .arg(rowsRead)
                     .arg(kept)
                     .arg(droppedTotal()) +
                 (why.isEmpty() ? QString()
                                : QStringLiteral(" (%1)").arg(why.join(QStringLiteral(", "))));
    for (int r = 0; r < kDropReasons; ++r) {
        const int n = drops[std::size_t(r)];
        if (n == 0)
            continue;
        QString line = QStringLiteral("  dropped %1 %2").arg(n).arg(reasonText(DropReason(r)));
        if (DropReason(r) == DropReason::LargerThanCluster)
            line += QStringLiteral(" (%1 GPUs)").arg(clusterGpus);
        lines << line;
    }
    for (const MalformedRow& m : malformed)
        lines << QStringLiteral("  %1: line %2: %3").arg(source).arg(m.line).arg(m.message);
    const int unlisted = dropped(DropReason::Malformed) - int(malformed.size());
    if (unlisted > 0)
        lines << QStringLiteral("  ... and %1 more malformed rows").arg(unlisted);
    for (const QString& n : notes)
        lines << QStringLiteral("  note: %1").arg(n);
    return lines;
}

} // namespace gantry
