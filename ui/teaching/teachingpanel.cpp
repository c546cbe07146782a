#include "teaching/teachingpanel.h"

#include "format/readabletext.h"
#include "model/sharedscenario.h"
#include "sim/notecontext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gantry::ui {

TeachingPanel::TeachingPanel(QWidget* parent) : QWidget(parent)
{
    auto* column = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_prev = new QPushButton(tr("◀ Previous decision"), this);
    m_next = new QPushButton(tr("Next decision ▶"), this);
    m_prev->setObjectName(QStringLiteral("previousDecision"));
    m_next->setObjectName(QStringLiteral("nextDecision"));
    m_title = new QLabel(this);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    m_title->setWordWrap(true); // a long title takes two lines, not the window's width
    row->addWidget(m_prev);
    row->addWidget(m_next);
    row->addWidget(m_title, 1);
    column->addLayout(row);
    m_sentences = new QListWidget(this);
    m_sentences->setWordWrap(true);
    m_sentences->setAlternatingRowColors(true);
    column->addWidget(m_sentences, 1);
    connect(m_prev, &QPushButton::clicked, this, &TeachingPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &TeachingPanel::next);
    display(-1);
}

void TeachingPanel::setRun(const Scenario& scenario, const Schedule& schedule,
                           const RunResult& result)
{
    setRun(scenario, std::make_shared<const Schedule>(schedule), result);
}

void TeachingPanel::setRun(const Scenario& scenario, std::shared_ptr<const Schedule> schedule,
                           const RunResult& result)
{
    setRun(SharedScenario::copy(scenario), std::move(schedule), result);
}

void TeachingPanel::setRun(std::shared_ptr<const Scenario> scenario,
                           std::shared_ptr<const Schedule> schedule, const RunResult& result)
{
    setRun(std::move(scenario), std::move(schedule), std::make_shared<const RunResult>(result));
}

void TeachingPanel::setRun(std::shared_ptr<const Scenario> scenario,
                           std::shared_ptr<const Schedule> schedule,
                           std::shared_ptr<const RunResult> result)
{
    m_explainer.reset();
    m_scenario = SharedScenario::finalized(std::move(scenario));
    m_schedule = std::move(schedule);
    m_result = std::move(result);
    m_explainer = std::make_unique<DecisionExplainer>(*m_scenario, *m_schedule, m_result->config,
                                                      m_result->jobs);
    display(-1);
}

void TeachingPanel::next()
{
    showStep(m_step + 1);
}

void TeachingPanel::previous()
{
    showStep(std::max(0, m_step - 1));
}

void TeachingPanel::showStep(int i)
{
    if (stepCount() == 0)
        return;
    i = std::clamp(i, 0, stepCount() - 1);
    display(i);
    Q_EMIT timeRequested(m_shown.timeS);
    Q_EMIT jobHighlighted(m_shown.jobs.empty() ? -1 : m_shown.jobs.front());
}

void TeachingPanel::followTime(double timeS)
{
    if (!m_explainer)
        return;
    const int i = m_explainer->stepAt(timeS);
    if (i != m_step)
        display(i);
}

void TeachingPanel::display(int i)
{
    m_step = i;
    m_sentences->clear();
    const int n = stepCount();
    m_prev->setEnabled(n > 0 && i > 0);
    m_next->setEnabled(n > 0 && i < n - 1);
    if (i < 0 || !m_explainer) {
        m_shown = DecisionStep{};
        m_title->setText(n > 0 ? tr("%1 decisions: press Next to step through them").arg(n)
                               : tr("No run to explain"));
        return;
    }
    m_shown = m_explainer->step(i);
    // The moment in the words of the sentences under it (and of the animation's captions).
    m_title->setText(tr("Decision %1 of %2 at %3 (policy %4) · %5 free after it")
                         .arg(i + 1)
                         .arg(n)
                         .arg(NoteContext::seconds(m_shown.timeS))
                         .arg(m_result->config.policy)
                         .arg(ReadableText::count(m_shown.freeGpusAfter, tr("GPU"), tr("GPUs"))));
    m_sentences->addItems(m_shown.sentences);
}

} // namespace gantry::ui
