#pragma once

#include <cstdint>
#include <vector>

namespace gantry::sim {

/// What the runs so far say about how far off a prediction is: the distribution of
/// r = (a finished job's run time) / (its predicted processing time p-hat), kept as a histogram
/// on a log scale (bins 3.9% apart from 1e-4 to 1e4, one centred on exactly 1), and frozen into
/// snapshots of at most kQuantiles quantiles that jobs keep from their arrival, so that a waiting
/// job's rank never changes while it waits. Snapshot 0, before anything finished, is the point r =
/// 1 (the prediction taken at its word). A new snapshot is taken once the observations have grown
/// by an eighth. O(1) per observation, O(bins) per snapshot.
class OutcomeDistribution
{
public:
    static constexpr int kQuantiles = 32;

    OutcomeDistribution();
    /// Records one finished job's ratio (ignored unless finite and > 0).
    void observe(double ratio);
    /// The snapshot a job arriving now keeps.
    int current() const { return int(m_snapshots.size()) - 1; }
    /// Adds a snapshot of given values (ascending, non-empty; at most kQuantiles of them kept,
    /// the middles of equal slices) and returns its index, for a distribution that comes from
    /// elsewhere than the observations (a predictor's). O(kQuantiles^2).
    int addSnapshot(const std::vector<double>& ascending);
    /// Snapshot i's sample values, ascending.
    const std::vector<double>& snapshot(int i) const { return m_snapshots[std::size_t(i)].samples; }
    /// rank(snapshot(i), u) from the snapshot's precomputed lower envelopes: O(log samples).
    double rankAt(int i, double u) const;
    /// The piece of rankAt(i, .) at u: rankAt(i, v) == a - b x v, bit for bit, for every v in
    /// [u, until) (until: next, the next sample above u, or the next piece's start if sooner).
    /// False, leaving them as they were, when u is past every sample (the rank is then u).
    /// O(log samples).
    bool pieceAt(int i, double u, double& a, double& b, double& until, double& next) const;
    /// Ratios observed so far.
    std::int64_t observed() const { return m_count; }

    /// The Gittins rank, in units of p-hat, of a job whose ratio follows samples (ascending)
    /// and that has run u x p-hat: min over d of E[min(R - u, d) | R > u] / P(R - u <= d | R > u),
    /// the expected service to its next likely end per unit of chance of ending (Gittins;
    /// the optimal quantum d lies on a sample). A point distribution gives R - u (SRPT). A job
    /// that outlived every sample is given u (it is expected to run about as long again), as
    /// least-attained-service would rank it. O(samples).
    static double rank(const std::vector<double>& samples, double u);

private:
    // On one interval between samples, rank(u) is the lower envelope of lines a - b u (one per
    // quantum); a piece is the line that is lowest from `from` on.
    struct Piece
    {
        double from, a, b;
    };
    struct Snapshot
    {
        std::vector<double> samples;
        std::vector<std::vector<Piece>> envelope; // per count of samples <= u
    };
    static Snapshot withEnvelopes(std::vector<double> samples);
    void takeSnapshot();

    std::vector<std::int64_t> m_bins;
    std::int64_t m_count = 0;
    std::int64_t m_atSnapshot = 0;
    std::vector<Snapshot> m_snapshots;
};

} // namespace gantry::sim
