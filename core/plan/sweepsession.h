#pragma once

#include "plan/pointresult.h"
#include "plan/recommendation.h"
#include "plan/sweeppoint.h"
#include "plan/sweepspec.h"
#include "run/batchrun.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace gantry::plan {

/// One sweep being evaluated: its points, their results as they finish, the cache in the output
/// folder and the final files (points.csv, sweep.json; docs/planning.md). evaluate() is const
/// and thread-safe, so points may be run on threads (runAll) or on other processes (MPI
/// workers) and handed back through accept() in any order; the files depend only on the results.
class SweepSession
{
public:
    /// Called after each accepted point with the number finished so far and the point count.
    using AcceptedFn = std::function<void(std::size_t finished, std::size_t total)>;

    /// Loads and validates the sweep; with resume, reads the finished points from outDir's cache.
    static Result<SweepSession> open(const QString& sweepFile, const QString& outDir, bool resume);
    /// The same on a sweep already read (tests); outDir empty keeps everything in memory.
    static Result<SweepSession> open(SweepSpec spec, const QString& outDir, bool resume);

    /// Number of points (the product of the axes' lengths).
    std::size_t pointCount() const;
    /// Points not finished, ascending.
    std::vector<std::size_t> pending() const;
    /// Runs point i (thread-safe, const); its result serialised. An infeasible point gives a
    /// result without running. O(one run).
    Result<QByteArray> evaluate(std::size_t i) const;
    /// Records point i's result (writes its cache entry atomically).
    Status accept(std::size_t i, const QByteArray& r);
    /// Writes points.csv and sweep.json (all points accepted).
    Status finish();
    /// sweep.json's bytes (after finish).
    QByteArray sweepJson() const;
    /// points.csv's bytes (after finish).
    QByteArray pointsCsv() const;

    /// Runs every pending point on threads (BatchRunner) and accepts each as it finishes, in
    /// point order; Cancelled when feedback is cancelled (finished points stay cached).
    Status runAll(int threads, Feedback* feedback = nullptr, const AcceptedFn& accepted = {});

    /// The validated sweep.
    const SweepSpec& spec() const;
    /// Point i (derived scenario and run configuration).
    const SweepPoint& point(std::size_t i) const;
    /// Point i's result once accepted.
    const std::optional<PointResult>& result(std::size_t i) const;
    /// Number of points accepted in this session (not read from the cache).
    std::size_t evaluatedCount() const;
    /// The recommendations (after finish).
    const std::vector<Recommendation>& recommendations() const;
    /// Serialises a finished run of point p (its metrics and GPU-seconds per type).
    static QByteArray serialise(const SweepPoint& p, const BatchRun& run);

private:
    SweepSession() = default;
    Status record(std::size_t i, const QByteArray& r, bool writeCache);
    Result<PointResult> parse(std::size_t i, const QByteArray& r) const;

    SweepSpec m_spec;
    std::vector<SweepPoint> m_points;
    std::vector<std::optional<PointResult>> m_results;
    std::vector<QByteArray> m_serialised;
    QString m_outDir;
    QByteArray m_sweepJson;
    QByteArray m_pointsCsv;
    std::vector<Recommendation> m_recommendations;
    std::size_t m_evaluated = 0;
};

} // namespace gantry::plan
