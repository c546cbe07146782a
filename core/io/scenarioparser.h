#pragma once

#include "io/jsonfieldreader.h"
#include "io/scenariolimits.h"
#include "model/scenario.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>
#include <QString>

namespace gantry {

/// The rules of the scenario format over a JSON object tree (format version 1, docs/formats.md):
/// ScenarioReader's reference reader, and the part of its fast path that reads everything but
/// the jobs' plain fields. Throws JsonPathError naming the path of the first problem.
class ScenarioParser
{
public:
    /// Bounds that keep every simulated time far inside int64 microseconds (ScenarioLimits).
    static constexpr double kMaxSeconds = ScenarioLimits::kMaxSeconds;
    /// Most iterations of one job.
    static constexpr double kMaxIterations = ScenarioLimits::kMaxIterations;
    /// A job's arrival_s: seconds from 0.
    static constexpr JsonFieldReader::NumberRule kArrival{0.0, false, kMaxSeconds};
    /// A duration job's gpus.
    static constexpr JsonFieldReader::IntegerRule kJobGpus{1, ScenarioLimits::kMaxJobGpus};
    /// A duration job's duration_s.
    static constexpr JsonFieldReader::NumberRule kDuration{0.0, true, kMaxSeconds};
    /// A job's optional weight (default kDefaultWeight).
    static constexpr JsonFieldReader::NumberRule kWeight{0.0, true, JsonFieldReader::kMaxNumber};
    /// The weight of a job that names none.
    static constexpr double kDefaultWeight = 1.0;
    /// A job's optional predicted_iterations.
    static constexpr JsonFieldReader::NumberRule kPredictedIterations{0.0, true, kMaxIterations};

    /// A parser; draft relaxes the rules between items (ScenarioReader::Mode::Draft).
    explicit ScenarioParser(bool draft) : m_draft(draft) {}

    /// Reads a whole scenario document. O(size of the document).
    Scenario parse(const QJsonObject& root);
    /// Reads every top-level member but `jobs` (which root may lack); jobs then come through
    /// newJob (and checkJobIds) or parseJob and addJob, and take() gives the scenario.
    /// O(size of root).
    void parseHead(const QJsonObject& root);
    /// Reads the job object obj at path (e.g. "jobs[3]"), checking that it fits the cluster.
    Job parseJob(const QJsonObject& obj, const QString& path);
    /// Checks a duration job read elsewhere against the rules between items (it fits the
    /// cluster), as parseJob does at its end.
    void checkJob(const Job& job, const QString& path) const;
    /// Appends a job, refusing a duplicate id (outside a draft). Amortised O(1).
    void addJob(Job job, const QString& path);
    /// Reserves room for n jobs.
    void reserveJobs(qsizetype n);
    /// Appends a default job to be filled in place; its id is checked by checkJobIds().
    Job& newJob() { return m_s.jobs.emplace_back(); }
    /// Refuses (outside a draft) the first job appended by newJob whose id an earlier job has,
    /// with addJob's error. O(n log n) in the number of jobs.
    void checkJobIds() const;
    /// The scenario read so far; the parser is spent.
    Scenario take() { return std::move(m_s); }
    /// True when reading a draft.
    bool draft() const { return m_draft; }

private:
    void parseHead(JsonFieldReader& r);
    void parseGpuTypes(const QJsonArray& arr);
    static void readTflops(GpuType& t, JsonFieldReader& r, const QJsonObject& obj);
    void parseCluster(const QJsonObject& obj);
    void parseOptions(const QJsonObject& obj);
    void parseGraph(Job& job, JsonFieldReader& r);
    void parseModels(const QJsonArray& arr);
    void parseModelJob(Job& job, JsonFieldReader& r);
    int gpuTypeIndex(const QString& name, JsonFieldReader& r);

    // A draft keeps what the rules between items refuse (duplicates, jobs that do not fit, an
    // empty cluster): the window's editor may hold it, and its project must open again.
    bool m_draft = false;
    Scenario m_s;
    QHash<QString, int> m_gpuTypeIndex;
    QSet<QString> m_modelNames;
    QSet<QString> m_jobIds;
};

} // namespace gantry
