#include "report/reportnotessection.h"

#include "report/reportlayout.h"

namespace gantry::ui {

void ReportNotesSection::write(const ReportContext& report)
{
    report.layout.newPage(tr("Method notes"));
    report.layout.heading(tr("Method notes"));
    const QStringList paragraphs = {
        tr("Simulation. Gantry is a discrete-event simulator with integer microsecond time. "
           "Events at one instant are applied first (completions, then arrivals in file "
           "order) and the policy decides once for that instant. Runs are deterministic: the "
           "same scenario, policy and seed give the same events on every machine."),
        tr("Cost model. A job is gang scheduled on as many GPUs as it has workers and makes "
           "progress at a rate set by its mapping. The time of one iteration is the slowest "
           "worker's compute time on its GPU type (reference time divided by the GPU's "
           "speed) plus its communication time: every edge of the job graph sends its bytes "
           "per iteration over the intra-server fabric when both workers share a server, "
           "over the smaller NIC across servers and also over the rack uplinks across racks. "
           "Compute and communication do not overlap. With contention 'fair', NICs and "
           "uplinks are shared max-min fairly among the running jobs that use them; with "
           "'none' every edge gets its link's full bandwidth. A duration job runs its "
           "duration in seconds on GPUs of speed 1.0 and has no communication."),
        tr("Preemption. Preemptive policies keep a job's progress when they stop it; the "
           "restart overhead is added to its remaining time on resume."),
        tr("A-SRPT. The policy builds a virtual single machine on which every job's work is "
           "its GPUs times its predicted processing time divided by the cluster's GPUs, and "
           "runs preemptive SRPT there. A job is released to the real cluster when it "
           "completes on the virtual machine and starts, in release order, as soon as the "
           "placement finds it a mapping; real jobs are not preempted. The band under the "
           "Gantt lanes shows the virtual machine's timeline."),
        tr("Prediction. Policies that need job sizes use the predictor's iterations at "
           "arrival; the true iterations are known only to the simulator. MAE is the mean "
           "absolute error in iterations, MAPE the mean absolute error relative to the true "
           "iterations (as a fraction) and R2 the coefficient of determination."),
        tr("Units and metrics. Times are seconds from the scenario's time 0; bandwidths are "
           "GB/s inside a server and Gb/s for NICs and uplinks; traffic is in bytes (GB = "
           "1e9 bytes). JCT = finish - arrival; queue delay = first start - arrival; "
           "makespan = last finish - first arrival; GPU utilisation = GPU-seconds of running "
           "jobs / (GPUs x makespan); percentiles interpolate linearly between order "
           "statistics. Cross-server bytes count every byte a job's traffic sent between "
           "servers."),
        tr("Assumptions. GPUs are not shared between jobs; latency is ignored; a job's "
           "traffic is what its graph (or its model and parallelism) says per iteration. The "
           "figures describe the simulated cluster, not measurements of a real one."),
    };
    for (const QString& p : paragraphs)
        report.layout.paragraph(p, 9.0);
}

} // namespace gantry::ui
