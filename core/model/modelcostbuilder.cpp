#include "model/modelcostbuilder.h"

#include <algorithm>
#include <cmath>

namespace gantry {

namespace {

// Bytes a CNN's memory-bound layers (batch norm, activation, pooling, their gradients) move
// per byte of stored activations, forward and backward together: written once and read once
// forward, read again and its gradient written and read backward.
constexpr double kCnnTrafficPerActivationByte = 5.0;
// Bytes the optimizer step moves per parameter and per byte of state: it reads the gradient and
// the state and writes the state and the weights.
constexpr double kOptimizerPasses = 2.0;

double attentionHeads(const ModelSpec& m)
{
    // Without a head count, heads of 128 channels (the common size).
    return m.heads > 0 ? double(m.heads) : std::max(1.0, double(m.hidden) / 128.0);
}

} // namespace

double ModelCostBuilder::elementBytes(Precision p)
{
    return p == Precision::Fp32 || p == Precision::Tf32 ? 4.0 : 2.0;
}

double ModelCostBuilder::gradientBytes(Precision p)
{
    return p == Precision::Fp16 ? 2.0 : 4.0;
}

bool ModelCostBuilder::fusedAttention(const TrainingSettings& training)
{
    return training.precision == Precision::Fp8 || training.overlap == Overlap::DpTp;
}

double ModelCostBuilder::ffnMatrices(const ModelSpec& m)
{
    // Two feed-forward matrices (GELU), or three where the parameter count says the block is
    // gated (SwiGLU): whichever count the stated parameters are nearer to.
    if (m.family != ModelFamily::Transformer || m.ffnHidden <= 0 || m.parameters <= 0.0)
        return 2.0;
    const double h = m.hidden, f = m.ffnWidth();
    const double attention = attentionParameters(m);
    const double rest = m.parameters - double(m.vocab) * h;
    const double two = m.layers * (attention + 2.0 * h * f);
    const double three = m.layers * (attention + 3.0 * h * f);
    return std::abs(rest - three) < std::abs(rest - two) ? 3.0 : 2.0;
}

double ModelCostBuilder::attentionParameters(const ModelSpec& m)
{
    const double h = m.hidden, a = attentionHeads(m);
    const double kv = m.kvHeads > 0 ? double(m.kvHeads) : a;
    return 2.0 * h * h + 2.0 * h * (h * kv / a);
}

double ModelCostBuilder::layerMatmulParameters(const ModelSpec& m)
{
    if (m.family == ModelFamily::Moe)
        return attentionParameters(m) + m.topK * m.expertParameters / m.layers;
    return attentionParameters(m) + ffnMatrices(m) * double(m.hidden) * m.ffnWidth();
}

ModelCost ModelCostBuilder::build(const ModelSpec& model, const Parallelism& par,
                                  const TrainingSettings& tr)
{
    ModelCost c;
    c.par = par;
    c.training = tr;
    c.microBatches = std::max(1, model.microBatches);
    const double beta = elementBytes(tr.precision);
    const double gradBytes = gradientBytes(tr.precision);
    const double optBytes = tr.precision == Precision::Fp32 || tr.precision == Precision::Tf32
                                ? std::max(0.0, model.optimizerBytesPerParam - 4.0)
                                : model.optimizerBytesPerParam;
    const double D = par.dp, P = par.pp, T = par.tp, C = par.cp, v = par.vp;
    const double b = model.microBatch;
    const double sharding = D * C; // gradients are reduced over data and context parallelism

    if (model.family == ModelFamily::Cnn) {
        c.cnn = true;
        const double fwdBwd = model.flopsPerSample * b;
        c.matmulFlops = fwdBwd;
        const double stored = model.activationMbPerSample * 1e6 * b * beta / 2.0;
        c.memoryBytes = kCnnTrafficPerActivationByte * stored;
        c.gemmWidth = 1e9;
        c.dpBytes = model.parameters * gradBytes;
        c.optimizerBytes = kOptimizerPasses * model.parameters * (optBytes + beta + gradBytes);
        c.weightsGb = model.parameters * beta / 1e9;
        c.gradientsGb = model.parameters * gradBytes / 1e9;
        c.optimizerGb = model.parameters * optBytes / 1e9;
        if (tr.optimizerSharding != OptimizerSharding::None)
            c.optimizerGb /= sharding;
        if (tr.optimizerSharding == OptimizerSharding::Zero3) {
            c.weightsGb /= sharding;
            c.gradientsGb /= sharding;
        }
        c.activationsGb = stored / 1e9;
        return c;
    }

    const double s = model.seqLen, h = model.hidden, a = attentionHeads(model);
    const double kv = model.kvHeads > 0 ? double(model.kvHeads) : a;
    const double hkv = h * kv / a;
    const double V = model.vocab, f = model.ffnWidth();
    const bool fused = fusedAttention(tr);
    const bool sp = tr.sequenceParallel && par.tp > 1;
    // The slowest stage: layers split over P x v chunks, the largest chunk on every one.
    const double layers = std::ceil(double(model.layers) / (P * v)) * v;
    const double tokens = b * s / C; // tokens of one micro-batch on one context rank

    // Forward work of one micro-batch on one GPU.
    const double matmulLayer = 2.0 * tokens * layerMatmulParameters(model) / T;
    const double attentionLayer = 4.0 * tokens * s * h / T; // QK^T and AV, as Megatron counts
    const double logits = 2.0 * tokens * h * V / T;
    // Memory-bound bytes: layer norms and residual/dropout pairs work on the whole hidden
    // state unless sequence parallelism splits it; the feed-forward activation on f / T; an
    // unfused attention core reads and writes the a x s x s scores five times (softmax in and
    // out, dropout in, out and mask, the value product's input).
    const double gated = ffnMatrices(model) / 2.0; // 1.5 for a gated block
    const double replicated = (10.0 * beta + 2.0) * tokens * h / (sp ? T : 1.0);
    const double ffnBytes = 2.0 * beta * gated * tokens * f / T;
    const double scoreBytes = fused ? 0.0 : (6.0 * beta + 1.0) * tokens * (a / T) * s;
    const double layerBytes = replicated + ffnBytes + scoreBytes;
    const double logitBytes = 4.0 * 4.0 * tokens * V / T; // fp32 logits, softmax and gradient

    const double fwdMatmul = layers * matmulLayer + logits;
    const double fwdAttention = layers * attentionLayer;
    const double fwdBytes = layers * layerBytes + logitBytes;
    c.matmulFlops = 3.0 * fwdMatmul;
    c.attentionFlops = 3.0 * fwdAttention;
    c.memoryBytes = 3.0 * fwdBytes;
    c.gemmWidth = std::min(tokens, h / T);
    c.fusedAttention = fused;
    c.headWidth = h / a;
    if (tr.recompute == Recompute::Full) {
        c.recomputeFlops = layers * matmulLayer;
        c.recomputeAttentionFlops = fwdAttention;
        c.recomputeBytes = layers * layerBytes;
    } else if (tr.recompute == Recompute::Selective) {
        c.recomputeAttentionFlops = fwdAttention;
        c.recomputeBytes = layers * scoreBytes;
    }

    // Communication.
    c.tpBytes = par.tp > 1 ? tokens * h * beta : 0.0;
    // Two collectives forward and two backward in every layer (attention and feed-forward),
    // two more where the forward pass runs again.
    c.tpCollectives = par.tp > 1 ? layers * (tr.recompute == Recompute::Full ? 6.0 : 4.0) : 0.0;
    c.ppBytes = par.pp > 1 ? tokens * h * beta / T : 0.0;
    if (par.cp > 1) {
        c.cpBytes = 2.0 * tokens * (hkv / T) * beta; // one K and V chunk
        c.cpSteps = layers * (C - 1.0) * (tr.recompute == Recompute::None ? 3.0 : 4.0);
    }
    const bool moe = model.family == ModelFamily::Moe;
    if (moe && par.ep > 1)
        c.epBytes = 4.0 * layers * (tokens / T) * h * beta * model.topK * (par.ep - 1.0) / par.ep;

    // Parameters this GPU holds: its layers' share, and the embedding (first stage) or the
    // output layer (last stage) where the model has a vocabulary.
    const double embedding = V * h;
    const double layerParams = moe ? model.sharedParameters() - embedding +
                                         (double(model.experts) / par.ep) * model.expertParameters
                                   : model.parameters - embedding;
    const double held = std::max(0.0, layerParams) / (P * T) + embedding / T;
    if (moe && par.ep > 1) {
        const double expertHeld =
            (double(model.experts) / par.ep) * model.expertParameters / (P * T);
        c.dpBytes = (held - expertHeld) * gradBytes;
        c.expertDpBytes = par.dp / par.ep > 1 ? expertHeld * gradBytes : 0.0;
    } else {
        c.dpBytes = held * gradBytes;
    }
    c.optimizerBytes = kOptimizerPasses * held * (optBytes + beta + gradBytes);
    c.weightsGb = held * beta / 1e9;
    c.gradientsGb = held * gradBytes / 1e9;
    c.optimizerGb = held * optBytes / 1e9;
    if (tr.optimizerSharding != OptimizerSharding::None) {
        c.optimizerGb /= sharding;
        c.optimizerBytes /= sharding;
    }
    if (tr.optimizerSharding == OptimizerSharding::Zero3) {
        // Sharded too; one layer's weights are gathered whole while it runs (two in flight).
        const double gathered = sharding > 1.0 ? 2.0 * layerParams / model.layers / T * beta : 0.0;
        c.weightsGb = (held * beta / sharding + gathered) / 1e9;
        c.gradientsGb /= sharding;
    }

    // Activations (Korthikanti et al. 2022, bytes per layer and micro-batch at 2-byte elements,
    // scaled to beta; the feed-forward part follows f and a gated block's third matrix).
    const double sbh = tokens * h;
    const double ffnShare = 8.0 + 4.0 * gated * f / h; // 24 for f = 4h
    const double splitPart = ffnShare / T;
    const double wholePart = sp ? 10.0 / T : 10.0;
    const double scorePart = fused ? 0.0 : 5.0 * a * s / (h * T);
    const double scale = beta / 2.0;
    const double kept = sbh * (wholePart + splitPart) * scale; // a layer without its scores
    const double scores = sbh * scorePart * scale;
    const double whole = kept + scores;
    // 1F1B keeps up to P micro-batches in flight on the first stage; the interleaved schedule
    // (P - 1) / (P v) more. Recomputation keeps less per layer, and rebuilds one layer at a time
    // during the backward pass (its scores, or the whole layer from its stored input).
    const double inFlight =
        std::min<double>(c.microBatches, P) * (par.vp > 1 ? 1.0 + (P - 1.0) / (P * v) : 1.0);
    const double stored = layers * inFlight; // layer activations the first stage keeps
    double first = 0.0, perLayer = 0.0;
    switch (tr.recompute) {
    case Recompute::None:
        perLayer = whole;
        first = whole * stored;
        break;
    case Recompute::Selective:
        perLayer = kept;
        first = kept * stored + scores;
        break;
    case Recompute::Full:
        perLayer = sbh * 2.0 / (sp ? T : 1.0) * scale;
        first = perLayer * std::max(0.0, stored - 1.0) + whole;
        break;
    }
    // The last stage keeps one micro-batch and the fp32 logits (Korthikanti: 4 s b V / T bytes).
    const double logitsBytes = 4.0 * tokens * V / T;
    const double last = perLayer * layers + logitsBytes;
    c.activationsGb = (par.pp > 1 ? std::max(first, last) : first + logitsBytes) / 1e9;
    return c;
}

} // namespace gantry
