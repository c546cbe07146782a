#include "predict/forestbenchmark.h"

#include "predict/randomforest.h"
#include "util/rng.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gantry::predict {

namespace {

void makeRows(Rng& rng, int rows, int cols, std::vector<float>& x, std::vector<float>& y)
{
    x.resize(std::size_t(rows) * std::size_t(cols));
    y.resize(std::size_t(rows));
    for (int i = 0; i < rows; ++i) {
        float* r = x.data() + std::size_t(i) * std::size_t(cols);
        for (int c = 0; c < cols; ++c)
            r[c] = float(rng.uniform());
        y[std::size_t(i)] =
            float(10.0 * std::sin(std::numbers::pi * r[0] * r[1]) +
                  20.0 * (r[2] - 0.5) * (r[2] - 0.5) + 10.0 * r[3] + 5.0 * r[4] + rng.normal());
    }
}

} // namespace

ForestBenchmark::Result ForestBenchmark::run(int rows, int features, std::uint64_t seed,
                                             RandomForest::TreeMethod method, int threads)
{
    Result res;
    res.rows = std::max(1, rows);
    res.features = std::max(5, features);
    Rng rng(seed);
    std::vector<float> x, y, tx, ty;
    makeRows(rng, res.rows, res.features, x, y);
    const int testRows = std::max(1, res.rows / 4);
    makeRows(rng, testRows, res.features, tx, ty);

    RandomForest forest;
    RandomForest::Params params;
    params.method = method;
    params.seed = seed;
    params.threads = threads;
    QElapsedTimer timer;
    timer.start();
    res.ok = forest.train(x, res.rows, res.features, y, params).ok();
    res.trainS = double(timer.nsecsElapsed()) / 1e9;
    if (!res.ok)
        return res;
    timer.restart();
    const std::vector<double> pred = forest.predict(tx, testRows);
    res.predictS = double(timer.nsecsElapsed()) / 1e9;
    double mean = 0.0;
    for (float v : ty)
        mean += v;
    mean /= double(testRows);
    double sse = 0.0, sst = 0.0;
    for (int i = 0; i < testRows; ++i) {
        sse += (pred[std::size_t(i)] - ty[std::size_t(i)]) *
               (pred[std::size_t(i)] - ty[std::size_t(i)]);
        sst += (ty[std::size_t(i)] - mean) * (ty[std::size_t(i)] - mean);
    }
    res.testR2 = sst > 0.0 ? 1.0 - sse / sst : 0.0;
    return res;
}

} // namespace gantry::predict
