#pragma once

#include "model/scenario.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace gantry {

/// How each policy's total and p99 JCT change as the job-size predictions get worse: every
/// policy runs with the `noisy:S` predictor (true iterations times exp(S * N(0,1))) for each S,
/// once per seed, and the metrics are averaged over the seeds. S = 0 is the oracle. Shared by
/// `gantry-cli bench --suite sensitivity`, the window's sensitivity view and the report.
class PredictionSensitivity
{
public:
    /// What to run. Plain value; copy it into a worker thread.
    struct Request
    {
        /// The workload: one scenario that every seed runs on, or one per seed (scenarios[i]
        /// with seeds[i]).
        std::vector<Scenario> scenarios;
        QStringList policies;                                    ///< registry names, in order
        std::vector<double> sigmas = {0.0, 0.25, 0.5, 1.0, 2.0}; ///< prediction errors S
        std::vector<std::uint64_t> seeds = {1, 2, 3}; ///< the run seeds (noise and placement)
        QString placement = QStringLiteral("graph");  ///< placement registry name
    };

    /// The mean over the seeds of one policy at one S.
    struct Point
    {
        QString policy;         ///< registry name
        double sigma = 0.0;     ///< prediction error S
        int runs = 0;           ///< runs averaged (the number of seeds)
        double totalJctS = 0.0; ///< mean total JCT, seconds
        double p99JctS = 0.0;   ///< mean p99 JCT, seconds
        double avgJctS = 0.0;   ///< mean average JCT, seconds

        bool operator==(const Point&) const = default;
    };

    /// Every point, policy by policy in request order, S ascending within a policy as
    /// requested.
    struct Outcome
    {
        QStringList policies;       ///< as requested
        std::vector<double> sigmas; ///< as requested
        int seeds = 0;              ///< seeds averaged per point
        QString placement;          ///< placement used
        std::vector<Point> points;  ///< policies.size() x sigmas.size()

        /// The point of policy at sigma, or nullptr.
        const Point* find(const QString& policy, double sigma) const;
        bool operator==(const Outcome&) const = default;
    };

    /// The sigmas of the suite: 0, 0.25, 0.5, 1 and 2.
    static std::vector<double> defaultSigmas();
    /// The predictor name of sigma ("noisy:0.25").
    static QString predictorName(double sigma);

    /// Runs policies x sigmas x seeds runs as one BatchRunner batch on threads threads (at least
    /// 1); the outcome is the same on any number of threads. A run that fails fails the whole (its
    /// error names policy and S); cancelling through feedback gives ErrorKind::Cancelled. Progress
    /// goes from 0 to 1 over the runs (the step names the policy and the run); calls into feedback
    /// come from several threads, one at a time.
    static Result<Outcome> run(const Request& request, int threads, Feedback* feedback = nullptr);
};

} // namespace gantry
