#pragma once

#include <QString>
#include <QStringList>

#include <array>
#include <vector>

namespace gantry {

/// Why an importer left a row out of the scenario, in the order the checks run.
enum class DropReason
{
    Malformed,         ///< the row could not be read (reported with its line number)
    ZeroGpus,          ///< the job asks for no GPU (a CPU job)
    NotStarted,        ///< the job failed or was cancelled before it started
    NoEndTime,         ///< the job holds GPUs but the trace gives no end time
    NoDuration,        ///< the job ran for zero seconds
    BeforeSince,       ///< submitted before the start of the time window
    AfterUntil,        ///< submitted at or after the end of the time window
    OtherVc,           ///< in another virtual cluster than the one asked for
    FewerGpus,         ///< fewer GPUs than the minimum asked for
    MoreGpus,          ///< more GPUs than the maximum asked for
    LargerThanCluster, ///< more GPUs than the whole cluster has
    OverLimit,         ///< beyond the job limit
};

/// Number of DropReason values.
inline constexpr int kDropReasons = int(DropReason::OverLimit) + 1;

/// What an import read, kept and dropped, for the summary a user sees.
struct ImportReport
{
    /// One row that could not be read.
    struct MalformedRow
    {
        int line = 0;    ///< 1-based line number in the file
        QString message; ///< what is wrong with it

        bool operator==(const MalformedRow&) const = default;
    };
    /// At most this many malformed rows are listed; all of them are counted.
    static constexpr int kMaxListed = 20;

    QString source;                        ///< file name used in messages
    QString format;                        ///< importer format name
    int rowsRead = 0;                      ///< data rows seen (header and blank lines excluded)
    int kept = 0;                          ///< jobs in the scenario
    int clusterGpus = 0;                   ///< GPUs of the cluster the jobs were checked against
    std::array<int, kDropReasons> drops{}; ///< rows dropped per reason
    std::vector<MalformedRow> malformed;   ///< the first kMaxListed malformed rows
    QStringList notes; ///< how quirks were handled, e.g. fractional GPUs rounded up

    /// Counts one row dropped for reason.
    void drop(DropReason reason) { ++drops[std::size_t(reason)]; }
    /// Counts a malformed row and lists it while fewer than kMaxListed are listed.
    void addMalformed(int line, const QString& message);
    /// Rows dropped for reason.
    int dropped(DropReason reason) const { return drops[std::size_t(reason)]; }
    /// Rows dropped for any reason.
    int droppedTotal() const;
    /// Short phrase for a count of rows dropped for reason, e.g. "with zero GPUs".
    static QString reasonText(DropReason reason);
    /// Stable key of reason for machine-readable output, e.g. "zero_gpus".
    static QString reasonKey(DropReason reason);
    /// The summary: a first line with the totals and the dropped rows counted by reason ("...,
    /// dropped 3 (2 malformed, 1 with zero GPUs)"), one line per reason that dropped rows, the
    /// listed malformed rows and the notes.
    QStringList summaryLines() const;

    bool operator==(const ImportReport&) const = default;
};

} // namespace gantry
