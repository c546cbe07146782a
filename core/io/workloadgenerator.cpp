#include "io/workloadgenerator.h"

#include "io/modelzoo.h"
#include "mapping/gpupool.h"
#include "mapping/graphplacement.h"
#include "mapping/iterationmodel.h"
#include "model/modelgraphbuilder.h"
#include "util/rng.h"

#include <algorithm>
#include <cmath>

namespace gantry {

namespace {

// One recurring kind of job; every instance draws its iterations from logNormal(mu, sigma).
struct Template
{
    Job prototype;                       // everything but id, arrival and iterations/duration
    double mu = 0.0;                     // log of the median iterations (seconds for duration jobs)
    double sigma = 0.3;                  // spread between recurrences
    double gpuSecondsPerIteration = 1.0; // GPUs x reference iteration time
    double weight = 1.0;                 // how often it recurs
};

struct ModelChoice
{
    const char* model;
    Parallelism par;
    double medianIterations;
    bool largeRun = false; ///< trained as published runs of its size are: selective
                           ///< recomputation, sequence parallelism, distributed optimizer
};

// The paper mix: small data-parallel CNN and BERT jobs up to pipeline and tensor parallel giants.
const ModelChoice kPaperModels[] = {
    {"vgg19", {1, 1, 1, 1}, 3000},          {"vgg19", {4, 1, 1, 1}, 6000},
    {"vgg19", {8, 1, 1, 1}, 8000},          {"resnet50", {1, 1, 1, 1}, 4000},
    {"resnet50", {2, 1, 1, 1}, 5000},       {"resnet50", {8, 1, 1, 1}, 10000},
    {"bert-large", {2, 1, 1, 1}, 3000},     {"bert-large", {8, 1, 1, 1}, 6000},
    {"gpt2-xl", {2, 4, 1, 1}, 2000},        {"gpt2-xl", {8, 1, 1, 1}, 3000},
    {"gpt3-175b", {1, 8, 8, 1}, 300, true}, {"gpt3-175b", {2, 8, 8, 1}, 400, true},
    {"mixtral-8x7b", {4, 2, 4, 4}, 800},    {"mixtral-8x7b", {8, 1, 4, 8}, 600},
};
const char* kDatasets[] = {"imagenet", "cifar100", "wikipedia", "pile", "c4", "openwebtext"};

bool fits(const Job& job, const Cluster& c)
{
    if (job.gpuCount() > c.totalGpus())
        return false;
    return GpuPool(c).freeWithMemory(job.memoryPerGpuGb()) >= job.gpuCount();
}

std::vector<Template> paperTemplates(const Cluster& c, Rng& rng)
{
    std::vector<Template> out;
    const int users = 12;
    for (int u = 0; u < users; ++u) {
        // Each user trains a few model configurations on a dataset of their own.
        const int count = 2 + int(rng.below(2));
        for (int k = 0; k < count; ++k) {
            const ModelChoice& m = kPaperModels[rng.below(std::size(kPaperModels))];
            const auto spec = ModelZoo::find(QLatin1String(m.model));
            if (!spec)
                continue;
            Template t;
            Job& j = t.prototype;
            j.kind = JobKind::Model;
            j.model = spec->name;
            j.parallelism = m.par;
            QString key;
            if (!ModelGraphBuilder::check(*spec, m.par, &key).isEmpty())
                continue;
            if (m.largeRun) {
                j.training.recompute = Recompute::Selective;
                j.training.sequenceParallel = true;
                j.training.optimizerSharding = OptimizerSharding::Distributed;
            }
            j.graph = ModelGraphBuilder::build(*spec, m.par, j.training);
            if (!fits(j, c))
                continue;
            const QString dataset = QLatin1String(kDatasets[rng.below(std::size(kDatasets))]);
            j.user = QStringLiteral("u%1").arg(u);
            j.features.insert(QStringLiteral("dataset"), dataset);
            j.features.insert(QStringLiteral("name"),
                              QStringLiteral("%1-%2-%3").arg(j.user, j.model, dataset));
            // Medians spread over about one order of magnitude around the configuration's typical
            // size.
            t.mu = std::log(m.medianIterations) + 1.2 * (rng.uniform() - 0.5) * 2.0;
            t.sigma = 0.15 + 0.2 * rng.uniform();
            const auto mapping = GraphPlacement().place(j, GpuPool(c));
            t.gpuSecondsPerIteration =
                double(j.gpuCount()) * IterationModel::iterationTimeS(j, *mapping, c);
            t.weight = 1.0 / double(1 + k); // a user's first configuration recurs most
            out.push_back(std::move(t));
        }
    }
    return out;
}

std::vector<Template> phillyTemplates(const Cluster& c, Rng& rng)
{
    // GPU counts and per-size log-duration means of the Philly trace (sampledata/philly.csv).
    struct Size
    {
        int gpus;
        double share, mu;
    };
    const Size sizes[] = {{1, 0.932, 6.7}, {2, 0.022, 5.5},   {4, 0.023, 8.5},
                          {8, 0.020, 9.0}, {16, 0.0024, 9.0}, {32, 0.0008, 9.0}};
    std::vector<Template> out;
    for (int u = 0; u < 60; ++u) {
        const QString vc = QStringLiteral("vc%1").arg(u % 8);
        for (int k = 0; k < 3; ++k) {
            double r = rng.uniform(), acc = 0.0;
            const Size* s = &sizes[0];
            for (const Size& z : sizes)
                if ((acc += z.share) >= r) {
                    s = &z;
                    break;
                }
            if (s->gpus > c.totalGpus())
                continue;
            Template t;
            Job& j = t.prototype;
            j.kind = JobKind::Duration;
            j.gpus = s->gpus;
            j.user = QStringLiteral("u%1").arg(u);
            j.features.insert(QStringLiteral("vc"), vc);
            j.features.insert(QStringLiteral("name"),
                              QStringLiteral("%1-%2-%3").arg(j.user).arg(k).arg(s->gpus));
            // Template medians spread like Philly's durations (log-sd 2), recurrences close to
            // them.
            t.mu = s->mu + 2.0 * rng.normal();
            t.mu = std::clamp(t.mu, std::log(30.0), std::log(2e6));
            t.sigma = 0.3 + 0.3 * rng.uniform();
            t.gpuSecondsPerIteration = double(s->gpus); // one "iteration" is a second on speed 1
            t.weight = 1.0 / double(1 + k);
            out.push_back(std::move(t));
        }
    }
    return out;
}

} // namespace

QStringList WorkloadGenerator::mixes()
{
    return {QStringLiteral("paper"), QStringLiteral("philly-like")};
}

Result<Scenario> WorkloadGenerator::generate(const Cluster& clusterIn, const Options& o)
{
    if (o.jobs < 1 || o.jobs > 10'000'000)
        return Error::invalid(QStringLiteral("--jobs: must be from 1 to 10000000"));
    if (!(o.load > 0.0 && o.load <= 100.0))
        return Error::invalid(QStringLiteral("--load: must be > 0 and <= 100"));
    Cluster c = clusterIn;
    c.finalize();
    Rng rng(o.seed);
    std::vector<Template> templates;
    if (o.mix == QLatin1String("paper"))
        templates = paperTemplates(c, rng);
    else if (o.mix == QLatin1String("philly-like"))
        templates = phillyTemplates(c, rng);
    else
        return Error::invalid(QStringLiteral("--mix: unknown mix \"%1\" (choose one of: %2)")
                                  .arg(o.mix, mixes().join(QStringLiteral(", "))));
    if (templates.empty())
        return Error::invalid(
            QStringLiteral("--mix %1: no job of the mix fits this cluster (%2 GPUs)")
                .arg(o.mix)
                .arg(c.totalGpus()));
    double totalWeight = 0.0;
    for (const Template& t : templates)
        totalWeight += t.weight;

    Scenario s;
    s.name = QStringLiteral("%1-load%2-seed%3").arg(o.mix).arg(o.load).arg(o.seed);
    s.cluster = c;
    double gpuSeconds = 0.0;
    for (int i = 0; i < o.jobs; ++i) {
        double r = rng.uniform() * totalWeight;
        std::size_t k = 0;
        while (k + 1 < templates.size() && (r -= templates[k].weight) > 0.0)
            ++k;
        const Template& t = templates[k];
        Job j = t.prototype;
        j.id = QStringLiteral("j%1").arg(i);
        const double value = std::exp(t.mu + t.sigma * rng.normal());
        if (j.kind == JobKind::Duration) {
            j.durationS = std::clamp(std::round(value), 1.0, 1e8);
            gpuSeconds += t.gpuSecondsPerIteration * j.durationS;
        } else {
            j.iterations = std::clamp(std::round(value), 1.0, 1e8);
            gpuSeconds += t.gpuSecondsPerIteration * j.iterations;
        }
        s.jobs.push_back(std::move(j));
    }
    // Poisson arrivals: mean gap = mean GPU-time per job / (load x GPUs).
    const double meanGap = gpuSeconds / double(o.jobs) / (o.load * double(c.totalGpus()));
    double t = 0.0;
    for (Job& j : s.jobs) {
        j.arrivalS = std::round(t * 1000.0) / 1000.0;
        double u = rng.uniform();
        while (u <= 0.0)
            u = rng.uniform();
        t += -std::log(u) * meanGap;
    }
    return s;
}

} // namespace gantry
