#pragma once

#include "model/jobgraph.h"
#include "model/modelspec.h"
#include "model/parallelism.h"

#include <QString>

namespace gantry {

/// Expands a model job (ModelSpec + Parallelism) into its worker graph (ASRPT.md 2.2; the same
/// text with examples is in docs/models.md). Symbols: D, P, T, ep = dp, pp, tp, ep; L layers,
/// h hidden, s sequence length, b micro-batch, m micro-batches per iteration, Phi parameters,
/// beta bytes per element, beta_g gradient bytes, o optimiser bytes per parameter, eta efficiency;
/// MoE: E experts, Phi_e parameters per expert, Phi_s = Phi - E*Phi_e shared, k = top_k.
///
/// Workers: (a, p, t), a in [0,D), p in [0,P), t in [0,T), id (a*P + p)*T + t. Edges (undirected,
/// bytes each way per iteration; coinciding pairs are merged by adding their bytes):
///  - TP ring in each (a,p) (one edge for T = 2):  d_TP = m * (L/P) * 4 * (2(T-1)/T) * b*s*h*beta
///  - PP chain (a,p,t)-(a,p+1,t):                  d_PP = m * b*s*h*beta
///  - DP ring in each (p,t) over a (one edge for D = 2):
///      dense transformer  d_DP = (2(D-1)/D) * (Phi/(P*T)) * beta_g
///      CNN (P = T = 1)     d_DP = (2(D-1)/D) * Phi * beta_g
///      MoE, ep = 1         as dense (all parameters, experts included)
///      MoE, ep >= 2        d_DP = (2(D-1)/D) * (Phi_s/(P*T)) * beta_g
///  - MoE expert parallelism: EP group g of column (p,t) = replicas a in [g*ep, (g+1)*ep); each
///    member holds E/ep experts of every layer of its stage (shard a mod ep).
///      all-to-all, every pair of a group:  d_EP = 4 * m * (L/P) * (b*s/T) * h * beta * k / ep
///        (dispatch + combine, forward + backward; a worker routes its b*s/T tokens per
///        micro-batch (the TP ranks split the sequence) k times, 1/ep of them to each member)
///      expert gradient ring over the R = D/ep replicas with the same shard, a -> (a+ep) mod D
///        (one edge for R = 2, none for R = 1):  d_EDP = (2(R-1)/R) * ((E/ep)*Phi_e/(P*T)) * beta_g
/// Compute per worker, effective FLOPs per iteration (time = flops / (TFLOPS * 1e12)):
///    transformer / MoE  6 * (Phi_act/(P*T)) * m*b*s / eta * (m+P-1)/m, Phi_act = Phi (dense) or
///                       Phi_s + k*Phi_e (MoE); (m+P-1)/m is the pipeline bubble
///    CNN                flops_per_sample * m*b / eta
/// Memory per worker in GB (1e9 bytes): parameter shard Phi_w * (beta + beta_g + o) plus
/// activations, Phi_w = Phi/(P*T) (MoE: (Phi_s + (E/ep)*Phi_e)/(P*T));
///    transformer / MoE  activations = min(m,P) * (L/P) * s*b*h * 17*beta / T  (1F1B keeps up to
///                       min(m,P) micro-batches in flight; 34 bytes per token and hidden unit
///                       per layer at beta = 2, Korthikanti et al. 2022, no recomputation)
///    CNN                activations = b * activation_mb_per_sample * 1e6 (one micro-batch)
class ModelGraphBuilder
{
public:
    /// Per-edge bytes of each traffic kind (0 where the kind has no edges).
    struct EdgeBytes
    {
        double tp = 0.0;       ///< TP ring edge
        double pp = 0.0;       ///< PP chain edge
        double dp = 0.0;       ///< DP ring edge
        double ep = 0.0;       ///< expert all-to-all pair
        double expertDp = 0.0; ///< expert gradient ring edge
    };

    /// The worker graph; par must pass check(). O(D*P*T*ep).
    static JobGraph build(const ModelSpec& model, const Parallelism& par);
    /// Traffic formulas above evaluated for model and par. O(1).
    static EdgeBytes edgeBytes(const ModelSpec& model, const Parallelism& par);
    /// Effective FLOPs per worker per iteration (formula above). O(1).
    static double flopsPerWorker(const ModelSpec& model, const Parallelism& par);
    /// Memory per worker in GB (formula above). O(1).
    static double memoryPerWorkerGb(const ModelSpec& model, const Parallelism& par);
    /// Empty when par suits model, else the problem; *key is set to "dp", "pp", "tp" or "ep".
    static QString check(const ModelSpec& model, const Parallelism& par, QString* key);
};

} // namespace gantry
