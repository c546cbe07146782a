#pragma once

#include "predict/distinctrows.h"
#include "predict/featureencoder.h"
#include "predict/predictor.h"
#include "predict/randomforest.h"
#include "predict/sampleset.h"

#include <QByteArray>
#include <QHash>

#include <cstdint>
#include <vector>

namespace gantry::predict {

/// `rf` (and `rf:log`): a random forest regression of the iterations on the job's features
/// (docs/asrpt.md, "Iteration prediction"), learning online. Every finished job is added to the
/// training set; the forest is retrained from scratch, at the next prediction, once the set has
/// reached minSamples and then whenever it has grown by retrainGrowth (a fraction) and by at least
/// retrainMinJobs jobs since the last training (a geometric schedule: O(n log n) rows trained in
/// total). Cold start (fewer than minSamples samples): the median K of the history if any, else the
/// job's requested iterations (predictedIterations) if given, else defaultIterations. Forest
/// predictions are clamped to [1, kMaxFactor x the largest K seen]. Its distribution is the
/// prediction times the ratios (true over predicted) of the jobs it has seen finish, each taken
/// against the forest of that moment, which had not trained on the job: the forest's own record
/// of how far off it is, on jobs it had not seen.
class RandomForestPredictor : public Predictor
{
public:
    /// Learning schedule and forest hyper-parameters.
    struct Options
    {
        RandomForest::Params forest; ///< hyper-parameters (seed included)
        int minSamples = 10;         ///< samples needed before the first training
        double retrainGrowth = 0.25; ///< retrain after the set grew by this fraction ...
        int retrainMinJobs = 50;     ///< ... and by at least this many jobs
        bool logTarget = false;      ///< fit log1p(K) and back-transform (rf:log)
        double kMaxFactor = 10.0;    ///< upper clamp = this x the largest K seen
    };

    /// A predictor with options; defaultIterations is the last cold-start fallback.
    RandomForestPredictor(const Options& options, double defaultIterations);
    /// "rf", or "rf:log" with the log1p target; "rf-fast" and "rf-fast:log" for a forest of
    /// Gantry's own training (RandomForest::TreeMethod::Native; the registry's rf-fast also
    /// retrains after 10 % growth instead of 25 %).
    QString name() const override;
    /// The forest's prediction (training first if the schedule says so), or the cold-start
    /// value. O(trees x depth) plus any training.
    double predict(const Job& job, int index) override;
    /// predicted times the ratios seen so far, once kMinRatios jobs have finished under a
    /// forest; before, the point predicted. Amortised O(log n) per observation (SampleSet).
    IterationDistribution spread(const Job& job, int index, double predicted) override;
    /// Adds job with its true iterations to the training set, and the ratio of its true
    /// iterations over the current forest's prediction to the ratios. O(features + trees x depth).
    void observe(const Job& job, double trueIterations) override;

    /// Ratios a distribution needs.
    static constexpr std::size_t kMinRatios = 10;

    /// Samples in the training set.
    int samples() const { return int(m_targets.size()); }
    /// How many times the forest was trained.
    int trainings() const { return m_trainings; }
    /// Samples the current forest was trained on (0 before the first training).
    int trainedOn() const { return m_trainedOn; }
    /// The encoder (fitted at the first training).
    const FeatureEncoder& encoder() const { return m_encoder; }

private:
    bool retrainDue() const;
    void train();
    double coldStart(const Job& job) const;
    // The current forest's clamped prediction (no training), or a value <= 0 without a forest.
    double forestValue(const Job& job);
    // The same for a job's extracted features.
    double forestValue(const FeatureEncoder::Raw& raw);

    Options m_options;
    double m_defaultIterations;
    FeatureEncoder m_encoder;
    RandomForest m_forest;
    std::vector<FeatureEncoder::Raw> m_pending; // observed since the last training
    std::vector<float> m_x;                     // encoded rows of the earlier trainings
    DistinctRows m_distinct;           // m_x's distinct rows at the last training (m_x only grows)
    std::vector<double> m_targets;     // every observed row's iterations
    QHash<QByteArray, double> m_cache; // encoded row -> forest output, cleared on retraining
    SampleSet m_ratios;                // true over predicted, of jobs observed under a forest
    double m_maxTarget = 0.0;
    int m_trainings = 0;
    int m_trainedOn = 0;
};

} // namespace gantry::predict
