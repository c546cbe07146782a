#include "jobpage.h"

#include "document/fieldlabels.h"
#include "document/iterationbreakdown.h"
#include "document/projectdocument.h"
#include "io/modelzoo.h"
#include "io/trainingjson.h"
#include "iterationbreakdownview.h"
#include "run/productdefaults.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSignalBlocker>

namespace gantry::ui {

namespace {

QString kindName(JobKind k)
{
    switch (k) {
    case JobKind::Duration:
        return JobPage::tr("duration job");
    case JobKind::Graph:
        return JobPage::tr("graph job");
    case JobKind::Model:
        return JobPage::tr("model job");
    }
    return {};
}

} // namespace

JobPage::JobPage(const QFontMetrics& metrics)
    : PropertyPage(Selection::Kind::Job, QStringLiteral("jobPage"))
{
    addLine(QStringLiteral("kind"), FieldLabels::of(QStringLiteral("kind")))->setReadOnly(true);
    addLine(QStringLiteral("id"), FieldLabels::of(QStringLiteral("id")));
    addLine(QStringLiteral("arrival_s"), FieldLabels::of(QStringLiteral("arrival_s")));
    addLine(QStringLiteral("gpus"), FieldLabels::of(QStringLiteral("gpus")));
    addLine(QStringLiteral("duration_s"), FieldLabels::of(QStringLiteral("duration_s")));
    addCombo(QStringLiteral("model"), FieldLabels::of(QStringLiteral("model")));
    addDegrees({QStringLiteral("dp"), QStringLiteral("pp"), QStringLiteral("tp"),
                QStringLiteral("ep"), QStringLiteral("cp"), QStringLiteral("vp")},
               metrics);
    editor(QStringLiteral("cp"))
        ->setToolTip(tr("Context parallel (cp): each of cp GPUs holds 1/cp of every sequence "
                        "(must divide the model's sequence length)"));
    editor(QStringLiteral("vp"))
        ->setToolTip(tr("Virtual stages (vp): pipeline stages per GPU of the interleaved "
                        "schedule; the bubble shrinks by vp (needs pp >= 2)"));
    addChoice(QStringLiteral("precision"), TrainingJson::precisionNames(),
              TrainingJson::precisionNames(),
              {tr("Single precision on CUDA cores"), tr("TensorFloat-32 tensor cores"),
               tr("Half precision with loss scaling"), tr("bfloat16 (fp32 main gradients)"),
               tr("fp8 matrix multiplies, bf16 storage")});
    addChoice(QStringLiteral("recompute"), TrainingJson::recomputeNames(),
              {tr("none"), tr("selective (attention)"), tr("full (every layer)")},
              {tr("Every activation is kept"),
               tr("The attention core is computed again in the backward pass"),
               tr("Only each layer's input is kept; the forward pass runs again")});
    addCheck(QStringLiteral("sequence_parallel"),
             FieldLabels::of(QStringLiteral("sequence_parallel")))
        ->setToolTip(tr("Splits the activations outside the tensor-parallel blocks over the "
                        "tensor ranks (reduce-scatter + all-gather instead of all-reduce)"));
    addChoice(QStringLiteral("optimizer_sharding"), TrainingJson::shardingNames(),
              {tr("none"), tr("distributed (ZeRO-1)"), tr("zero3 (FSDP)")},
              {tr("Every data-parallel replica holds all optimizer state"),
               tr("Optimizer state split over the data-parallel replicas"),
               tr("Parameters, gradients and optimizer state split over the replicas")});
    addChoice(QStringLiteral("overlap"), TrainingJson::overlapNames(),
              {tr("none"), tr("dp (gradients)"), tr("dp + tp")},
              {tr("Every collective waits for compute"),
               tr("The data-parallel gradient reduction overlaps the backward pass"),
               tr("And the tensor-parallel collectives overlap the matrix multiplies")});
    // What the model, degrees and settings above give, right under them.
    m_breakdown = new IterationBreakdownView;
    m_breakdown->setObjectName(QStringLiteral("iterationBreakdown"));
    form()->addRow(m_breakdown);
    addLine(QStringLiteral("workers"), FieldLabels::of(QStringLiteral("workers")))
        ->setReadOnly(true);
    addLine(QStringLiteral("iterations"), FieldLabels::of(QStringLiteral("iterations")));
    // Empty, the field says what a predictor with no history yet (the forests' cold start,
    // mean) predicts for the job: the run's default_iterations.
    QLineEdit* predicted = addLine(QStringLiteral("predicted_iterations"),
                                   FieldLabels::of(QStringLiteral("predicted_iterations")));
    const QString coldStart = number(ProductDefaults::runConfig().defaultIterations);
    predicted->setPlaceholderText(tr("none: %1 with no history").arg(coldStart));
    predicted->setToolTip(
        tr("%1. Left empty, a predictor with no history yet predicts %2 for this job; with a "
           "value, the forests start from it.")
            .arg(FieldLabels::of(QStringLiteral("predicted_iterations")), coldStart));
    addLine(QStringLiteral("user"), FieldLabels::of(QStringLiteral("user")));
    addLine(QStringLiteral("weight"), FieldLabels::of(QStringLiteral("weight")));
}

void JobPage::fill(const ProjectDocument& document)
{
    const Selection& s = document.selection();
    const Scenario& sc = document.current();
    const Job& j = sc.jobs[std::size_t(s.indices.front())];
    const bool single = s.indices.size() == 1;
    setTitle(single ? tr("Job %1").arg(j.id) : tr("%1 jobs").arg(s.indices.size()));
    for (QWidget* e : editors())
        e->setEnabled(single);
    const auto show = [this](const char* key, const QString& text) {
        setText(editor(QLatin1String(key)), text);
    };
    show("kind", kindName(j.kind));
    show("id", j.id);
    show("arrival_s", number(j.arrivalS));
    show("gpus", QString::number(j.gpus));
    show("duration_s", number(j.durationS));
    auto* model = static_cast<QComboBox*>(editor(QStringLiteral("model")));
    {
        const QSignalBlocker block(model);
        model->clear();
        QStringList names;
        for (const ModelSpec& m : sc.models)
            names << m.name;
        for (const ModelSpec& m : ModelZoo::builtin())
            if (!names.contains(m.name))
                names << m.name;
        if (!names.contains(j.model) && !j.model.isEmpty())
            names << j.model;
        model->addItems(names);
        model->setCurrentIndex(names.indexOf(j.model));
        model->setToolTip(j.model);
    }
    show("dp", QString::number(j.parallelism.dp));
    show("pp", QString::number(j.parallelism.pp));
    show("tp", QString::number(j.parallelism.tp));
    show("ep", QString::number(j.parallelism.ep));
    show("cp", QString::number(j.parallelism.cp));
    show("vp", QString::number(j.parallelism.vp));
    const TrainingSettings& t = j.training;
    show("precision", TrainingJson::precisionName(t.precision));
    show("recompute", TrainingJson::recomputeName(t.recompute));
    show("sequence_parallel",
         t.sequenceParallel ? QStringLiteral("true") : QStringLiteral("false"));
    show("optimizer_sharding", TrainingJson::shardingName(t.optimizerSharding));
    show("overlap", TrainingJson::overlapName(t.overlap));
    show("workers",
         tr("%1 workers, %2 edges").arg(j.graph.workers.size()).arg(j.graph.edges.size()));
    show("iterations", number(j.iterations));
    show("predicted_iterations",
         j.predictedIterations ? number(*j.predictedIterations) : QString());
    show("user", j.user);
    show("weight", number(j.weight));
    const bool duration = j.kind == JobKind::Duration;
    const bool isModel = j.kind == JobKind::Model;
    setRowVisible(QStringLiteral("gpus"), duration);
    setRowVisible(QStringLiteral("duration_s"), duration);
    setRowVisible(QStringLiteral("iterations"), !duration);
    setRowVisible(QStringLiteral("workers"), !duration);
    for (const char* k : {"model", "dp", "pp", "tp", "ep", "cp", "vp", "precision", "recompute",
                          "sequence_parallel", "optimizer_sharding", "overlap"})
        setRowVisible(QLatin1String(k), isModel);
    form()->setRowVisible(m_breakdown, isModel && single);
    if (isModel && single) {
        std::optional<IterationBreakdown> b = IterationBreakdown::of(sc.cluster, j);
        m_breakdown->setBreakdown(
            std::move(b), j.graph.workers.empty()
                              ? tr("No time per iteration: the model and parallelism do not "
                                   "suit each other or the cluster (see Problems).")
                              : tr("No time per iteration: the cluster has no server to run on."));
    }
}

} // namespace gantry::ui
