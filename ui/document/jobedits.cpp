#include "jobedits.h"

#include "editvalues.h"
#include "fieldlabels.h"
#include "itemnames.h"
#include "jobbuilder.h"

#include "io/trainingjson.h"

#include <QSet>

namespace gantry::ui {

namespace {

QSet<QString> jobIds(const Scenario& s)
{
    QSet<QString> ids;
    for (const Job& j : s.jobs)
        ids.insert(j.id);
    return ids;
}

// The degree of par that field names ("dp", "pp", "tp", "ep", "cp", "vp"), else nullptr.
int* degreeOf(Parallelism& par, const QString& field)
{
    const auto is = [&field](const char* key) { return field == QLatin1String(key); };
    return is("dp")   ? &par.dp
           : is("pp") ? &par.pp
           : is("tp") ? &par.tp
           : is("ep") ? &par.ep
           : is("cp") ? &par.cp
           : is("vp") ? &par.vp
                      : nullptr;
}

bool trainingField(const QString& field)
{
    for (const char* key :
         {"precision", "recompute", "sequence_parallel", "optimizer_sharding", "overlap"})
        if (field == QLatin1String(key))
            return true;
    return false;
}

// Sets one choice of a training setting by its file name; false for a name it does not know.
template <typename E> bool setChoice(const QStringList& names, const QVariant& value, E* out)
{
    const int i = TrainingJson::indexOf(names, value.toString());
    if (i < 0)
        return false;
    *out = E(i);
    return true;
}

// Field of t (a training key of the scenario file) set to value; false when value is none of
// its values.
bool setTraining(TrainingSettings& t, const QString& field, const QVariant& value)
{
    if (field == QLatin1String("precision"))
        return setChoice(TrainingJson::precisionNames(), value, &t.precision);
    if (field == QLatin1String("recompute"))
        return setChoice(TrainingJson::recomputeNames(), value, &t.recompute);
    if (field == QLatin1String("optimizer_sharding"))
        return setChoice(TrainingJson::shardingNames(), value, &t.optimizerSharding);
    if (field == QLatin1String("overlap"))
        return setChoice(TrainingJson::overlapNames(), value, &t.overlap);
    if (field == QLatin1String("sequence_parallel") && value.typeId() == QMetaType::Bool) {
        t.sequenceParallel = value.toBool();
        return true;
    }
    return false;
}

} // namespace

JobEdits::Edit JobEdits::addJob(const Scenario& s, Job job)
{
    if (job.id.trimmed().isEmpty())
        job.id = JobBuilder::freshJobId(s);
    job.id = ItemNames::fresh(job.id, jobIds(s));
    const int index = int(s.jobs.size());
    Edit e;
    e.steps.push_back({JobsCommand::Step::Kind::Insert, index, {}, job});
    e.text = tr("Add job %1").arg(job.id);
    e.select = {Selection::Kind::Job, {index}};
    return e;
}

JobEdits::Edit JobEdits::insertJobs(const Scenario& s, const std::vector<Job>& jobs)
{
    QSet<QString> ids = jobIds(s);
    Edit e;
    e.select.kind = Selection::Kind::Job;
    int at = int(s.jobs.size());
    for (Job j : jobs) {
        j.id = ItemNames::fresh(j.id, ids);
        ids.insert(j.id);
        JobBuilder::rebuildGraph(s, j);
        e.select.indices.push_back(at);
        e.steps.push_back({JobsCommand::Step::Kind::Insert, at++, {}, j});
    }
    e.text = tr("Paste %n job(s)", nullptr, int(e.steps.size()));
    return e;
}

std::optional<JobEdits::Edit> JobEdits::removeJobs(const Scenario& s, std::vector<int> jobs)
{
    EditValues::normalise(jobs);
    const std::vector<Job>& all = s.jobs;
    std::erase_if(jobs, [&](int j) { return j < 0 || j >= int(all.size()); });
    if (jobs.empty())
        return std::nullopt;
    Edit e;
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it)
        e.steps.push_back({JobsCommand::Step::Kind::Remove, *it, all[std::size_t(*it)], {}});
    e.text = jobs.size() == 1 ? tr("Remove job %1").arg(all[std::size_t(jobs[0])].id)
                              : tr("Remove %1 jobs").arg(jobs.size());
    return e;
}

std::optional<JobEdits::Edit> JobEdits::setJobField(const Scenario& sc, int index,
                                                    const QString& field, const QVariant& value,
                                                    const Selection& keep)
{
    if (index < 0 || index >= int(sc.jobs.size()))
        return std::nullopt;
    const Job before = sc.jobs[std::size_t(index)];
    Job j = before;
    bool ok = true;
    bool rebuild = false;
    if (field == QLatin1String("id"))
        j.id = value.toString();
    else if (field == QLatin1String("arrival_s"))
        ok = EditValues::toDouble(value, &j.arrivalS);
    else if (field == QLatin1String("gpus") && j.kind == JobKind::Duration)
        ok = EditValues::toInt(value, &j.gpus);
    else if (field == QLatin1String("duration_s") && j.kind == JobKind::Duration)
        ok = EditValues::toDouble(value, &j.durationS);
    else if (field == QLatin1String("iterations") && j.kind != JobKind::Duration)
        ok = EditValues::toDouble(value, &j.iterations);
    else if (field == QLatin1String("model") && j.kind == JobKind::Model) {
        j.model = value.toString();
        rebuild = true;
    } else if (int* degree = j.kind == JobKind::Model ? degreeOf(j.parallelism, field) : nullptr) {
        ok = EditValues::toInt(value, degree);
        rebuild = true;
    } else if (j.kind == JobKind::Model && trainingField(field)) {
        ok = setTraining(j.training, field, value);
        rebuild = true;
    } else if (field == QLatin1String("predicted_iterations")) {
        double d = 0.0;
        if (!value.isValid() || value.toString().trimmed().isEmpty())
            j.predictedIterations.reset();
        else if ((ok = EditValues::toDouble(value, &d)))
            j.predictedIterations = d;
    } else if (field == QLatin1String("user"))
        j.user = value.toString();
    else if (field == QLatin1String("weight"))
        ok = EditValues::toDouble(value, &j.weight);
    else
        ok = false;
    if (!ok)
        return std::nullopt;
    if (rebuild)
        JobBuilder::rebuildGraph(sc, j);
    if (j == before)
        return std::nullopt;
    Edit e;
    e.steps.push_back({JobsCommand::Step::Kind::Replace, index, before, j});
    e.text = tr("Set %1 of job %2").arg(FieldLabels::of(field), before.id);
    e.select = keep;
    return e;
}

} // namespace gantry::ui
