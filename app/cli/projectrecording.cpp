#include "projectrecording.h"

#include <QFileInfo>
#include <QTextStream>

namespace gantry::cli {

using storage::ProjectStore;

ProjectRecording::ProjectRecording(QString path, const Scenario& scenario,
                                   std::unique_ptr<ProjectStore> store)
    : m_path(std::move(path)), m_scenario(scenario), m_store(std::move(store)),
      m_forms(storage::ScenarioForms::ahead(scenario))
{}

Result<std::unique_ptr<ProjectRecording>> ProjectRecording::start(const QString& path,
                                                                  const Scenario& scenario)
{
    std::unique_ptr<ProjectStore> store;
    if (QFileInfo::exists(path)) {
        auto opened = ProjectStore::open(path, ProjectStore::OpenMode::Existing);
        if (!opened)
            return opened.error();
        store = std::move(opened).value();
    }
    return std::unique_ptr<ProjectRecording>(
        new ProjectRecording(path, scenario, std::move(store)));
}

Result<std::unique_ptr<ProjectRecording>> ProjectRecording::fromOptions(const CliArgs& a,
                                                                        const Scenario& scenario)
{
    if (auto p = a.value(QStringLiteral("project")))
        return start(*p, scenario);
    return std::unique_ptr<ProjectRecording>();
}

Status ProjectRecording::record(const std::vector<RunResult>& results)
{
    if (!m_store) {
        auto opened = ProjectStore::open(m_path, ProjectStore::OpenMode::CreateIfMissing);
        if (!opened)
            return opened.error();
        m_store = std::move(opened).value();
    }
    const storage::ScenarioForms forms = m_forms.get();
    auto ids = m_store->recordRuns(m_scenario, results, true, nullptr, &forms);
    if (!ids)
        return ids.error();
    QTextStream err(stderr);
    err << "gantry-cli: recorded " << ids.value().size() << " run(s) in " << m_path << Qt::endl;
    return {};
}

} // namespace gantry::cli
