#include "policies/policyregistry.h"

#include "policies/asrptgittinspolicy.h"
#include "policies/asrptguidedpolicy.h"
#include "policies/asrptpolicy.h"
#include "policies/fifobackfillpolicy.h"
#include "policies/fifopolicy.h"
#include "policies/gittinspolicy.h"
#include "policies/sjfpolicy.h"
#include "policies/srsfpolicy.h"
#include "policies/srtfpolicy.h"
#include "policies/tiresiaspolicy.h"

#include "util/namedregistry.h"

namespace gantry {

namespace {
using Registry = NamedRegistry<sim::Policy>;

// `asrpt-gittins-prior` and the policies built on it: the predictor's distributions, a running
// job yielding only to a rank 10% lower; with the earliest-finish gate, the promotion factor and
// the moves to faster GPUs given.
std::unique_ptr<sim::Policy> priorGittins(bool earliestFinish, double promote, bool move = false)
{
    sim::AsrptGittinsPolicy::Options o;
    o.service = sim::GittinsPolicy::Service::Prior;
    o.margin = sim::AsrptGittinsPolicy::kPriorMargin;
    o.earliestFinish = earliestFinish;
    o.promote = promote;
    o.move = move;
    return std::make_unique<sim::AsrptGittinsPolicy>(o);
}

const Registry& registry()
{
    using namespace sim;
    static const Registry list({
        {"fifo", "arrival order, head of line blocks, no preemption",
         [] { return std::make_unique<FifoPolicy>(); }},
        {"fifo-backfill", "arrival order, a later job may start if it fits now (first fit)",
         [] { return std::make_unique<FifoBackfillPolicy>(); }},
        {"sjf", "smallest predicted processing time first, no preemption",
         [] { return std::make_unique<SjfPolicy>(); }},
        {"srtf", "smallest predicted remaining time first, preemptive",
         [] { return std::make_unique<SrtfPolicy>(); }},
        {"srsf", "smallest predicted remaining GPU-time first, preemptive",
         [] { return std::make_unique<SrsfPolicy>(); }},
        {"tiresias", "discretised 2D-LAS on attained GPU-time, no size knowledge, preemptive",
         [] { return std::make_unique<TiresiasPolicy>(); }},
        {"asrpt", "virtual single machine with preemptive SRPT, strict release order",
         [] { return std::make_unique<AsrptPolicy>(AsrptPolicy::Mode::Strict); }},
        {"asrpt-backfill", "A-SRPT with EASY backfilling against the head's shadow time",
         [] { return std::make_unique<AsrptPolicy>(AsrptPolicy::Mode::Backfill); }},
        {"asrpt-wc",
         "Gantry's work-conserving A-SRPT: backfill, then idle GPUs go to jobs still on the "
         "virtual machine",
         [] { return std::make_unique<AsrptPolicy>(AsrptPolicy::Mode::WorkConserving); }},
        {"asrpt-guided",
         "Gantry's best A-SRPT: predicted size order, and a reservation for the job the virtual "
         "machine finished first once the cluster is 10 x its size late",
         [] { return std::make_unique<AsrptGuidedPolicy>(); }},
        {"gittins",
         "Gantry's: Gittins rank of remaining time over the outcomes seen so far (srtf when "
         "predictions are sharp, least-attained-service when they are not), preemptive",
         [] { return std::make_unique<GittinsPolicy>(); }},
        {"gittins-progress",
         "Gantry's: gittins with service counted in iterations run and ranks priced at the speed "
         "of the GPUs a job holds, preemptive",
         [] { return std::make_unique<GittinsPolicy>(GittinsPolicy::Service::Progress); }},
        {"asrpt-gittins",
         "Gantry's: gittins-progress guarded by A-SRPT's virtual machine (a job the real cluster "
         "is late on by 100 x its size past its virtual completion goes first), preemptive",
         [] { return std::make_unique<AsrptGittinsPolicy>(); }},
        {"asrpt-gittins-prior",
         "Gantry's: asrpt-gittins over each job's distribution from the predictor (the mean "
         "history of its group, a forest's prediction times the ratios it was off by); a "
         "running job yields only to a rank 10% lower",
         [] { return priorGittins(false, 0.0); }},
        {"asrpt-gittins-eft",
         "Gantry's: asrpt-gittins-prior, and a job offered a slow mapping waits when a predicted "
         "end would let it finish earlier",
         [] { return priorGittins(true, 0.0); }},
        {"asrpt-gittins-fair",
         "Gantry's: asrpt-gittins-eft, and a preempted job that has waited 5 x its run time so "
         "far goes before every ranked job until it runs again",
         [] { return priorGittins(true, AsrptGittinsPolicy::kPromote); }},
        {"asrpt-gittins-move",
         "Gantry's: asrpt-gittins-fair, and after each decision a running job moves to free GPUs "
         "on which an iteration takes at most 1 / 1.5 of its time when that likely saves more "
         "than two restarts and takes no GPUs a waiting job could use only there",
         [] { return priorGittins(true, AsrptGittinsPolicy::kPromote, true); }},
    });
    return list;
}
} // namespace

QStringList PolicyRegistry::names()
{
    return registry().names();
}

bool PolicyRegistry::contains(const QString& name)
{
    return registry().contains(name);
}

QString PolicyRegistry::description(const QString& name)
{
    return registry().description(name);
}

std::unique_ptr<sim::Policy> PolicyRegistry::create(const QString& name)
{
    return registry().create(name);
}

} // namespace gantry
