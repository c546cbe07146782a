#pragma once

#include <QString>

namespace gantry {

/// Architecture family of a model: decides which traffic and memory formulas apply.
enum class ModelFamily
{
    Transformer, ///< dense transformer (Megatron-style DP/PP/TP)
    Cnn,         ///< convolutional network trained data-parallel
    Moe,         ///< transformer whose feed-forward layers are mixture-of-experts
};

/// One trainable model of the zoo (resources/model_zoo.json) or of a scenario's `models`.
/// Units: counts are plain numbers, FLOPs are floating-point operations, bytes are bytes.
/// Formulas that use these fields: docs/models.md and core/model/modelgraphbuilder.h.
struct ModelSpec
{
    QString name;                                  ///< unique name, e.g. "gpt3-175b"
    ModelFamily family = ModelFamily::Transformer; ///< which formulas apply
    double parameters = 0.0;                       ///< total parameters Phi (all experts included)
    int layers = 1;       ///< layers L (transformer blocks / weight layers)
    int hidden = 1;       ///< hidden size h
    int heads = 0;        ///< attention heads (0: unknown; tp must divide it)
    int kvHeads = 0;      ///< key/value heads (grouped-query attention; 0: as many as heads)
    int ffnHidden = 0;    ///< feed-forward width (0: 4 x hidden)
    int vocab = 0;        ///< vocabulary size V (0: no embedding and logit work counted)
    int seqLen = 0;       ///< tokens per sequence s (transformers)
    int microBatch = 1;   ///< samples per micro-batch b
    int microBatches = 1; ///< micro-batches per iteration m (per replica)
    int experts = 0;      ///< MoE: experts per MoE layer E
    double expertParameters = 0.0;        ///< MoE: parameters of one expert over all layers
    int topK = 2;                         ///< MoE: experts each token is routed to k
    double flopsPerSample = 0.0;          ///< CNN: training FLOPs per sample (fwd + bwd)
    double activationMbPerSample = 0.0;   ///< CNN: activation memory per sample in MB
    double bytesPerElement = 2.0;         ///< beta: bytes of a weight/activation element
    double gradientBytes = 4.0;           ///< beta_grad: bytes of a gradient element
    double optimizerBytesPerParam = 12.0; ///< optimiser state bytes per parameter
    double efficiency = 0.4;              ///< older files' achieved fraction of peak; read and
                                          ///< written, no longer used (docs/models.md)
    QString source;                       ///< where the numbers come from (free text)

    /// Parameters outside the experts (all of them for dense models).
    double sharedParameters() const
    {
        return family == ModelFamily::Moe ? parameters - experts * expertParameters : parameters;
    }
    /// Parameters one token passes through (shared plus top_k experts for MoE).
    double activeParameters() const
    {
        return family == ModelFamily::Moe ? sharedParameters() + topK * expertParameters
                                          : parameters;
    }

    /// Feed-forward width: ffnHidden, or 4 x hidden.
    int ffnWidth() const { return ffnHidden > 0 ? ffnHidden : 4 * hidden; }
    /// Key/value heads: kvHeads, or heads.
    int keyValueHeads() const { return kvHeads > 0 ? kvHeads : heads; }

    bool operator==(const ModelSpec&) const = default;
};

} // namespace gantry
