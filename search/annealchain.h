#pragma once

#include "search/counterrng.h"
#include "search/problemview.h"

#include <cstdint>

namespace gantry::mapping {

/// What every chain of one run shares.
struct ChainParams
{
    std::uint64_t seed = 0;      ///< run seed (with the chain index keys the chain's draws)
    int steps = 0;               ///< proposals per chain
    double startTemperature = 0; ///< absolute temperature of the first step (seconds)
    double cooling = 1.0;        ///< temperature factor per step (geometric schedule)
    double swapShare = 0.5;      ///< share of proposals that swap two workers
    int temperatureLevels = 1;   ///< chain c starts at startTemperature / 2^(c mod levels)
};

/// What one chain reports.
struct ChainOutcome
{
    double bestCost = 0.0;         ///< lowest cost the chain met (the start counts)
    std::uint64_t evaluations = 0; ///< proposals that were valid and evaluated
};

/// One simulated-annealing chain over worker -> server assignments, written once for the CPU
/// threads and the CUDA kernel. Floating point uses only +, -, *, / and comparisons in a fixed
/// order (no library exp or pow), so with FMA contraction off both give bit-identical results.
class AnnealChain
{
public:
    /// Per-chain scratch, every array addressed as p[i * stride].
    struct State
    {
        int* assign;      ///< W current servers (holds the start on entry)
        int* best;        ///< W best servers met
        double* time;     ///< W per-worker times
        int* load;        ///< S GPUs used per server
        int* undoWorker;  ///< maxUndo(problem) workers whose time changed
        double* undoTime; ///< their previous times
        int stride;       ///< distance between consecutive elements
    };

    /// Scratch entries a proposal may touch: 2 + the two largest adjacency lengths. O(W).
    GANTRY_HD static int maxUndo(const ProblemView& p)
    {
        int first = 0;
        int second = 0;
        for (int v = 0; v < p.workers; ++v) {
            const int d = p.adjStart[v + 1] - p.adjStart[v];
            if (d > first) {
                second = first;
                first = d;
            } else if (d > second) {
                second = d;
            }
        }
        return 2 + first + second;
    }

    /// e^-x for x >= 0 from +, *, / only (x / 1024, Taylor to degree 7, squared ten times);
    /// relative error below 1e-10, identical on host and device. O(1).
    GANTRY_HD static double expNeg(double x)
    {
        if (!(x < 40.0))
            return 0.0;
        const double r = -x / 1024.0;
        double y = 1.0 + r / 7.0;
        y = 1.0 + r / 6.0 * y;
        y = 1.0 + r / 5.0 * y;
        y = 1.0 + r / 4.0 * y;
        y = 1.0 + r / 3.0 * y;
        y = 1.0 + r / 2.0 * y;
        y = 1.0 + r * y;
        for (int i = 0; i < 10; ++i)
            y = y * y;
        return y;
    }

    /// Runs chain `chain` from the assignment in st.assign: Metropolis acceptance, geometric
    /// cooling, moves = move a worker to a feasible server with a free GPU, or swap two workers
    /// on different servers. Leaves the best assignment met in st.best. O(W + steps x (W + E_v)).
    GANTRY_HD static ChainOutcome run(const ProblemView& p, const ChainParams& cp,
                                      std::uint32_t chain, State st)
    {
        const int W = p.workers;
        const int S = p.servers;
        const int sd = st.stride;
        for (int s = 0; s < S; ++s)
            st.load[s * sd] = 0;
        for (int v = 0; v < W; ++v) {
            st.load[st.assign[v * sd] * sd] += 1;
            st.best[v * sd] = st.assign[v * sd];
        }
        double cost = 0.0;
        for (int v = 0; v < W; ++v) {
            const double t = p.workerTime(st.assign, sd, v);
            st.time[v * sd] = t;
            cost = t > cost ? t : cost;
        }
        ChainOutcome out;
        out.bestCost = cost;
        if (S < 2 || W < 1)
            return out;
        const std::uint64_t key = CounterRng::chainKey(cp.seed, chain);
        // A ladder of start temperatures over the chains: hot chains cross barriers, cold ones
        // polish. Powers of two keep it exact on both back ends.
        const int levels = cp.temperatureLevels > 1 ? cp.temperatureLevels : 1;
        double temperature =
            cp.startTemperature / double(1u << (chain % std::uint32_t(levels) & 31u));
        for (int step = 0; step < cp.steps; ++step, temperature = temperature * cp.cooling) {
            const std::uint64_t sk = CounterRng::stepKey(key, std::uint32_t(step));
            const int a = CounterRng::below(CounterRng::draw(sk, 1), W);
            const int sa = st.assign[a * sd];
            const bool swap = W >= 2 && CounterRng::unit(CounterRng::draw(sk, 0)) < cp.swapShare;
            int b = -1;
            int target = -1;
            if (swap) {
                b = CounterRng::below(CounterRng::draw(sk, 2), W - 1);
                b += b >= a ? 1 : 0;
                target = st.assign[b * sd];
                if (target == sa || !p.feasible[a * S + target] || !p.feasible[b * S + sa])
                    continue;
                st.assign[b * sd] = sa;
            } else {
                target = CounterRng::below(CounterRng::draw(sk, 2), S - 1);
                target += target >= sa ? 1 : 0;
                if (st.load[target * sd] >= p.capacity[target] || !p.feasible[a * S + target])
                    continue;
                st.load[sa * sd] -= 1;
                st.load[target * sd] += 1;
            }
            st.assign[a * sd] = target;
            ++out.evaluations;

            int undo = 0;
            auto touch = [&](int v) {
                st.undoWorker[undo * sd] = v;
                st.undoTime[undo * sd] = st.time[v * sd];
                ++undo;
                st.time[v * sd] = p.workerTime(st.assign, sd, v);
            };
            touch(a);
            for (int k = p.adjStart[a]; k < p.adjStart[a + 1]; ++k)
                touch(p.adjOther[k]);
            if (b >= 0) {
                touch(b);
                for (int k = p.adjStart[b]; k < p.adjStart[b + 1]; ++k)
                    touch(p.adjOther[k]);
            }
            double next = 0.0;
            for (int v = 0; v < W; ++v) {
                const double t = st.time[v * sd];
                next = t > next ? t : next;
            }
            const double delta = next - cost;
            const bool accept = delta <= 0.0 || CounterRng::unit(CounterRng::draw(sk, 3)) <
                                                    expNeg(delta / temperature);
            if (accept) {
                cost = next;
                if (cost < out.bestCost) {
                    out.bestCost = cost;
                    for (int v = 0; v < W; ++v)
                        st.best[v * sd] = st.assign[v * sd];
                }
            } else {
                for (int i = undo - 1; i >= 0; --i)
                    st.time[st.undoWorker[i * sd] * sd] = st.undoTime[i * sd];
                st.assign[a * sd] = sa;
                if (b >= 0) {
                    st.assign[b * sd] = target;
                } else {
                    st.load[sa * sd] += 1;
                    st.load[target * sd] -= 1;
                }
            }
        }
        return out;
    }
};

} // namespace gantry::mapping
