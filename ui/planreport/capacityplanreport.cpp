#include "planreport/capacityplanreport.h"

#include "io/gpucatalogue.h"
#include "plan/sweepsession.h"
#include "planreport/paretochart.h"
#include "planreport/plangroup.h"
#include "planreport/planheatmapfigure.h"
#include "planreport/plantext.h"
#include "report/pdffile.h"
#include "report/reportlayout.h"

#include <QFontMetricsF>
#include <QJsonArray>
#include <QJsonObject>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSet>
#include <QStringList>

#include <algorithm>

namespace gantry::ui {

namespace {

using plan::SweepAxis;

QString values(const SweepAxis& axis)
{
    QStringList out;
    for (const QJsonValue& v : axis.values)
        out << PlanText::value(v);
    return out.join(QStringLiteral(", "));
}

// A column title that may wrap after its underscores and dots (which a long name needs to fit
// a narrow column).
QString breakable(const QString& name)
{
    QString out = name;
    out.replace(QLatin1Char('_'), QStringLiteral("_\u200b"));
    out.replace(QLatin1Char('.'), QStringLiteral(".\u200b"));
    return out;
}

QString metricWithUnit(const QString& metric, double value)
{
    const QString unit = PlanText::unit(metric);
    return PlanText::metric(value) + (unit.isEmpty() || unit == QLatin1String("fraction")
                                          ? QString()
                                          : QLatin1Char(' ') + unit);
}

// Writes the sections; one instance per report.
class Writer
{
public:
    Writer(const plan::SweepSession& session, const CapacityPlanReport::Options& options,
           QPdfWriter& pdf, QPainter& painter, Feedback* feedback)
        : m_session(session), m_spec(session.spec()), m_options(options), m_pdf(pdf),
          m_painter(painter),
          m_layout(pdf, painter,
                   QStringLiteral("Gantry capacity plan \u2014 %1").arg(displayName(session))),
          m_feedback(feedback)
    {
        for (std::size_t i = 0; i < session.recommendations().size(); ++i)
            m_groups.push_back(PlanGroup::collect(session, i));
    }

    static QString displayName(const plan::SweepSession& session)
    {
        return session.spec().name.isEmpty() ? session.spec().file : session.spec().name;
    }

    Status run()
    {
        m_layout.begin();
        question();
        progress(0.05, QStringLiteral("the question"));
        answer();
        marginal();
        progress(0.10, QStringLiteral("the recommendations"));
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            if (cancelled())
                return Error::cancelled();
            groupPage(g);
            progress(0.10 + 0.50 * double(g + 1) / double(m_groups.size()),
                     QStringLiteral("charts of %1").arg(m_groups[g].title()));
        }
        if (cancelled())
            return Error::cancelled();
        if (!points())
            return Error::cancelled();
        notes();
        return {};
    }

    int pages() const { return m_layout.pages(); }

private:
    bool cancelled() const { return m_feedback && m_feedback->cancelled(); }
    void progress(double f, const QString& step)
    {
        if (m_feedback)
            m_feedback->progress(f, step);
    }

    QString seeds() const
    {
        for (const SweepAxis& a : m_spec.axes)
            if (a.kind == SweepAxis::Kind::Seed)
                return QStringLiteral("averaged over the seeds (%1)").arg(values(a));
        return QStringLiteral("of the run's one seed (%1)").arg(m_spec.run.seed);
    }

    std::size_t feasiblePoints() const
    {
        std::size_t n = 0;
        for (std::size_t i = 0; i < m_session.pointCount(); ++i)
            if (m_session.result(i) && m_session.result(i)->feasible)
                ++n;
        return n;
    }

    // Runs settings that no axis varies, in words.
    QString runSettings() const
    {
        const auto varied = [&](SweepAxis::Kind kind) {
            return std::any_of(m_spec.axes.begin(), m_spec.axes.end(),
                               [&](const SweepAxis& a) { return a.kind == kind; });
        };
        QStringList parts;
        if (!varied(SweepAxis::Kind::Policy))
            parts << QStringLiteral("policy %1").arg(m_spec.run.policy);
        if (!varied(SweepAxis::Kind::Placement))
            parts << QStringLiteral("placement %1").arg(m_spec.run.placement);
        if (!varied(SweepAxis::Kind::Predictor))
            parts << QStringLiteral("predictor %1").arg(m_spec.run.predictor);
        if (!varied(SweepAxis::Kind::Seed))
            parts << QStringLiteral("seed %1").arg(m_spec.run.seed);
        const Contention contention =
            m_spec.run.contention.value_or(m_spec.baseScenario.options.contention);
        parts << QStringLiteral("contention %1")
                     .arg(contention == Contention::Fair ? QStringLiteral("fair")
                                                         : QStringLiteral("none"));
        return parts.join(QStringLiteral(", "));
    }

    QString baseServers() const
    {
        QStringList out;
        const QJsonArray servers =
            m_spec.baseJson.value("cluster").toObject().value("servers").toArray();
        for (const QJsonValue& v : servers) {
            const QJsonObject s = v.toObject();
            out << QStringLiteral("%1 \u00d7 %2 (%3 %4 GPUs each)")
                       .arg(s.value("name").toString())
                       .arg(s.value("count").toInt(1))
                       .arg(s.value("gpus").toInt())
                       .arg(s.value("gpu_type").toString());
        }
        return out.join(QStringLiteral("; "));
    }

    void question()
    {
        m_layout.heading(QStringLiteral("Capacity plan: %1").arg(displayName(m_session)));
        const QDateTime date =
            m_options.date.isValid() ? m_options.date : QDateTime::currentDateTimeUtc();
        m_layout.paragraph(QStringLiteral("Written %1 by Gantry %2 from the sweep %3.")
                               .arg(date.toString(QStringLiteral("yyyy-MM-dd")),
                                    QStringLiteral(GANTRY_VERSION), m_spec.file),
                           8.0);
        m_layout.heading(QStringLiteral("The question"), 2);
        QStringList varied, server;
        for (const SweepAxis& a : m_spec.axes) {
            if (a.changesCluster())
                server << QStringLiteral("%1 servers (%2)").arg(a.server, values(a));
            else
                varied << QStringLiteral("%1 (%2)").arg(a.name, values(a));
        }
        const QString scenario =
            m_spec.baseScenario.name.isEmpty() ? m_spec.base : m_spec.baseScenario.name;
        QString text =
            QStringLiteral("Which cluster, made from the base scenario %1 (%2 jobs), meets the "
                           "target %3, %4, for the least money?")
                .arg(scenario)
                .arg(m_spec.baseScenario.jobs.size())
                .arg(PlanText::target(m_spec.target), seeds());
        if (!server.isEmpty())
            text += QStringLiteral(" The sweep tries every combination of %1")
                        .arg(server.join(QStringLiteral(", ")));
        else
            text += QStringLiteral(" The sweep keeps the base cluster");
        text += varied.isEmpty()
                    ? QStringLiteral(".")
                    : QStringLiteral(", under each of %1.").arg(varied.join(QStringLiteral(", ")));
        text += QStringLiteral(" Each cluster is priced over %1 years: its purchase plus the "
                               "energy it draws at the run's utilisation.")
                    .arg(m_spec.cost.horizonYears);
        if (!server.isEmpty())
            text += QStringLiteral(" It also asks what one more server of each type would buy.");
        m_layout.paragraph(text, 9.5);

        std::vector<std::pair<QString, QString>> rows;
        rows.emplace_back(QStringLiteral("Sweep"),
                          (m_spec.name.isEmpty()
                               ? m_spec.file
                               : QStringLiteral("%1 (%2)").arg(m_spec.name, m_spec.file)) +
                              QStringLiteral(", SHA-256 ") + m_spec.hash.left(16));
        rows.emplace_back(QStringLiteral("Base scenario"),
                          QStringLiteral("%1 (%2): %3").arg(scenario, m_spec.base, baseServers()));
        for (const SweepAxis& a : m_spec.axes)
            rows.emplace_back(QStringLiteral("Axis ") + a.name, values(a));
        rows.emplace_back(QStringLiteral("Run settings"), runSettings());
        rows.emplace_back(QStringLiteral("Target"),
                          PlanText::target(m_spec.target) + QStringLiteral(", a cluster's mean ") +
                              (seeds().startsWith(QLatin1String("averaged"))
                                   ? QStringLiteral("over the seeds")
                                   : QStringLiteral("(one seed)")));
        rows.emplace_back(
            QStringLiteral("Cost parameters"),
            QStringLiteral("horizon %1 years, electricity %2 USD per kWh, PUE %3, an idle GPU "
                           "draws %4% of its board power")
                .arg(m_spec.cost.horizonYears)
                .arg(m_spec.cost.electricityUsdPerKwh)
                .arg(m_spec.cost.pue)
                .arg(m_spec.cost.idlePowerFraction * 100.0));
        const std::size_t feasible = feasiblePoints();
        rows.emplace_back(QStringLiteral("Points"),
                          QStringLiteral("%1: %2 run, %3 infeasible (some job does not fit)")
                              .arg(m_session.pointCount())
                              .arg(feasible)
                              .arg(m_session.pointCount() - feasible));
        m_layout.keyValues(rows, 8.5);
    }

    // The recommendation of group g in words.
    QString recommendationText(std::size_t g) const
    {
        const PlanGroup& group = m_groups[g];
        const plan::Recommendation& rec = m_session.recommendations()[g];
        if (!group.recommended() || !rec.point)
            return QStringLiteral("No cluster of the sweep meets the target %1.")
                .arg(PlanText::target(m_spec.target));
        const PlanCluster& c = group.clusters()[*group.recommended()];
        return QStringLiteral(
                   "Recommended: %1 (row %2). It costs %3 USD over %4 years: %5 USD to buy and "
                   "%6 USD of energy. Renting the GPU-hours its run used would cost %7 USD. "
                   "Its %8 is %9 (target %10).")
            .arg(c.label)
            .arg(*rec.point)
            .arg(PlanText::usd(rec.costUsd))
            .arg(m_spec.cost.horizonYears)
            .arg(PlanText::usd(c.capitalUsd), PlanText::usd(c.energyUsd),
                 PlanText::usd(c.cloudCostUsd), m_spec.target.metric,
                 metricWithUnit(m_spec.target.metric, rec.metric), PlanText::target(m_spec.target));
    }

    std::vector<const SweepAxis*> groupAxes() const
    {
        std::vector<const SweepAxis*> out;
        if (m_groups.empty())
            return out;
        for (const auto& [name, value] : m_groups.front().values())
            for (const SweepAxis& a : m_spec.axes)
                if (a.name == name)
                    out.push_back(&a);
        return out;
    }

    void answer()
    {
        m_layout.heading(QStringLiteral("The answer"));
        m_layout.paragraph(
            QStringLiteral("For each combination of the axes other than the server counts and "
                           "the seed, the cheapest cluster whose %1 %2 meets the target. cost_usd "
                           "is purchase plus energy over %3 years; the cloud figure prices the "
                           "GPU-hours the run used at on-demand rates, for the run only.")
                .arg(m_spec.target.metric, seeds())
                .arg(m_spec.cost.horizonYears),
            9.0);
        ReportLayout::Table t;
        for (const SweepAxis* a : groupAxes()) {
            t.header << breakable(a->name);
            t.widths.push_back(0.9);
            t.align.push_back(Qt::AlignLeft);
        }
        t.header << QStringLiteral("recommended cluster") << QStringLiteral("cost_usd")
                 << QStringLiteral("purchase USD") << QStringLiteral("energy USD")
                 << QStringLiteral("cloud alternative USD")
                 << breakable(m_spec.target.metric) + QStringLiteral(" (mean)");
        t.widths.insert(t.widths.end(), {2.2, 1.1, 1.1, 1.0, 1.1, 1.1});
        t.align.push_back(Qt::AlignLeft);
        t.fontPt = 8.0;
        t.continued = QStringLiteral("The answer (continued)");
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            QStringList row;
            for (const auto& [name, value] : m_groups[g].values())
                row << PlanText::value(value);
            const plan::Recommendation& rec = m_session.recommendations()[g];
            if (!m_groups[g].recommended() || !rec.point) {
                row << QStringLiteral("none meets the target");
            } else {
                const PlanCluster& c = m_groups[g].clusters()[*m_groups[g].recommended()];
                row << c.label << PlanText::usd(rec.costUsd) << PlanText::usd(c.capitalUsd)
                    << PlanText::usd(c.energyUsd) << PlanText::usd(c.cloudCostUsd)
                    << PlanText::metric(rec.metric);
            }
            t.rows.push_back(row);
        }
        m_layout.table(t);
    }

    void marginal()
    {
        m_layout.heading(QStringLiteral("What one more server buys"), 2);
        m_layout.paragraph(
            QStringLiteral("From each recommended cluster, one step up one server count axis (to "
                           "the next count the sweep has), everything else the same; changes of "
                           "the means over the seeds. Per server divides by the servers added."),
            9.0);
        ReportLayout::Table t;
        for (const SweepAxis* a : groupAxes()) {
            t.header << breakable(a->name);
            t.widths.push_back(0.9);
            t.align.push_back(Qt::AlignLeft);
        }
        const QString unit = PlanText::unit(m_spec.target.metric);
        const QString u = unit.isEmpty() || unit == QLatin1String("fraction")
                              ? QString()
                              : QStringLiteral(" (%1)").arg(unit);
        t.header << QStringLiteral("servers") << QStringLiteral("count")
                 << QStringLiteral("change of cost_usd")
                 << QStringLiteral("change of ") + breakable(m_spec.target.metric) + u
                 << QStringLiteral("per server: cost_usd")
                 << QStringLiteral("per server: ") + breakable(m_spec.target.metric);
        t.widths.insert(t.widths.end(), {0.9, 0.8, 1.2, 1.4, 1.2, 1.4});
        t.align.push_back(Qt::AlignLeft);
        t.fontPt = 8.0;
        t.continued = QStringLiteral("What one more server buys (continued)");
        for (std::size_t g = 0; g < m_groups.size(); ++g) {
            const plan::Recommendation& rec = m_session.recommendations()[g];
            for (const plan::MarginalGain& m : rec.marginal) {
                QStringList row;
                for (const auto& [name, value] : m_groups[g].values())
                    row << PlanText::value(value);
                QString server = m.axis;
                for (const SweepAxis& a : m_spec.axes)
                    if (a.name == m.axis)
                        server = a.server;
                row << server << QStringLiteral("%1 \u2192 %2").arg(m.from).arg(m.to);
                if (!m.feasible) {
                    row << QStringLiteral("infeasible");
                } else {
                    const double n = std::max(1, m.to - m.from);
                    row << PlanText::signedUsd(m.deltaCostUsd)
                        << PlanText::signedMetric(m.deltaMetric)
                        << PlanText::signedUsd(m.deltaCostUsd / n)
                        << PlanText::signedMetric(m.deltaMetric / n);
                }
                t.rows.push_back(row);
            }
        }
        if (t.rows.empty()) {
            m_layout.paragraph(QStringLiteral("None: no group has a recommended cluster with a "
                                              "larger count on its axes."),
                               9.0);
            return;
        }
        m_layout.table(t);
    }

    void groupPage(std::size_t g)
    {
        const PlanGroup& group = m_groups[g];
        const QString title = m_groups.size() == 1 ? QStringLiteral("The clusters") : group.title();
        m_layout.newPage(title);
        m_layout.heading(title);
        m_layout.paragraph(recommendationText(g), 9.0);

        const double content = m_layout.content().height();
        m_layout.heading(QStringLiteral("Cost against %1").arg(m_spec.target.metric), 2);
        const ParetoChart chart(m_session, group);
        chart.paint(m_painter, m_layout.block(content * 0.36));
        m_layout.paragraph(
            QStringLiteral("Every feasible point of this group (%1; open circles), each cluster's "
                           "mean over the seeds (filled), the Pareto front of the means (the "
                           "line: no cheaper cluster does better), the recommended cluster "
                           "(ringed) and the target (dashed). Infeasible clusters are not drawn.")
                .arg(chart.pointCount()),
            7.5);

        const PlanHeatmapFigure heatmap(m_spec, group);
        if (!heatmap.valid())
            return;
        m_layout.heading(QStringLiteral("Server counts"), 2);
        const double width = m_layout.content().width();
        const double h = std::min(content * 0.36, heatmap.height(m_painter, width));
        heatmap.paint(m_painter, m_layout.block(h));
        m_layout.paragraph(heatmap.caption(), 7.5);
    }

    bool points()
    {
        m_layout.newPage(QStringLiteral("Points"));
        m_layout.heading(QStringLiteral("All points"));
        m_layout.paragraph(
            QStringLiteral("One row per point, in the order of points.csv (the first axis "
                           "changes slowest). Infeasible points were not run and have no "
                           "figures. meets_target compares a point's own %1 with the target; "
                           "the recommendation uses the mean over the seeds.")
                .arg(m_spec.target.metric),
            9.0);
        const QFontMetricsF fm(ReportLayout::font(7.5), &m_pdf);
        // The columns every report has, then further metrics while they fit.
        ReportLayout::Table t;
        t.fontPt = 7.5;
        t.continued = QStringLiteral("All points (continued)");
        t.header << QStringLiteral("row");
        t.widths.push_back(0.6);
        for (const SweepAxis& a : m_spec.axes) {
            t.header << breakable(a.name);
            t.widths.push_back(a.kind == SweepAxis::Kind::Policy ||
                                       a.kind == SweepAxis::Kind::Placement ||
                                       a.kind == SweepAxis::Kind::Predictor
                                   ? 1.3
                                   : 0.9);
        }
        QStringList metrics{m_spec.target.metric};
        // A column holds a cost of up to nine digits; the four after the metrics are fixed.
        const double minColumn = fm.horizontalAdvance(QStringLiteral("00,000,000")) * 1.1;
        const int fit = std::max(0, int(m_layout.content().width() / minColumn));
        for (const char* extra :
             {"avg_jct_s", "makespan_s", "gpu_utilization", "p99_jct_s", "avg_queue_delay_s"}) {
            if (int(t.header.size()) + int(metrics.size()) + 1 + 4 > fit)
                break;
            if (m_spec.target.metric != QLatin1String(extra))
                metrics << QString::fromLatin1(extra);
        }
        for (const QString& m : metrics) {
            t.header << breakable(m);
            t.widths.push_back(1.1);
        }
        t.header << QStringLiteral("cost_\u200busd") << QStringLiteral("cloud_\u200bcost_\u200busd")
                 << QStringLiteral("feasible") << QStringLiteral("meets_\u200btarget");
        t.widths.insert(t.widths.end(), {1.2, 1.1, 0.8, 0.8});
        t.align.assign(std::size_t(t.header.size()), Qt::AlignRight);
        for (std::size_t i = 0; i < m_session.pointCount(); ++i) {
            const plan::SweepPoint& p = m_session.point(i);
            const std::optional<plan::PointResult>& r = m_session.result(i);
            const bool feasible = r && r->feasible;
            QStringList row{QString::number(i)};
            for (const QJsonValue& v : p.values)
                row << PlanText::value(v);
            for (const QString& m : metrics)
                row << (feasible ? PlanText::metric(r->metric(m)) : QStringLiteral("\u2013"));
            row << (feasible ? PlanText::usd(r->costUsd) : QStringLiteral("\u2013"))
                << (feasible ? PlanText::usd(r->cloudCostUsd) : QStringLiteral("\u2013"))
                << (feasible ? QStringLiteral("yes") : QStringLiteral("no"))
                << (feasible && m_spec.target.meets(r->metric(m_spec.target.metric))
                        ? QStringLiteral("yes")
                        : QStringLiteral("no"));
            t.rows.push_back(row);
        }
        Feedback sub(m_feedback, 0.60, 0.35, QStringLiteral("table of points"));
        return m_layout.table(t, m_feedback ? &sub : nullptr, 0.0, 1.0);
    }

    void notes()
    {
        m_layout.newPage(QStringLiteral("Method"));
        m_layout.heading(QStringLiteral("Method"));
        m_layout.paragraph(
            QStringLiteral(
                "A point is one combination of the axes: the base scenario with the server "
                "counts set (a count of 0 removes the entry) and every arrival time divided by "
                "load_scale, run as gantry-cli run runs it. Its cost: capital = the sum over "
                "servers of their price_usd, or their GPUs times the catalogue's purchase "
                "price; power_kw = the sum over GPU types of board power / 1000 x (f x GPUs + "
                "(1 - f) x busy GPU-seconds / makespan), with f the idle fraction; energy_usd = "
                "power_kw x PUE x 8760 x horizon_years x USD per kWh; cost_usd = capital + "
                "energy. cloud_cost_usd = busy GPU-hours x the cloud price per GPU-hour. Within "
                "a group, a cluster's cost and metric are the means over the seeds; it is "
                "feasible when every seed's point is."),
            8.5);
        QSet<QString> seen;
        std::vector<std::pair<QString, QString>> rows;
        const QJsonArray servers =
            m_spec.baseJson.value("cluster").toObject().value("servers").toArray();
        for (const QJsonValue& v : servers) {
            const QString type = v.toObject().value("gpu_type").toString();
            if (seen.contains(type))
                continue;
            seen.insert(type);
            const std::optional<GpuCost> c = GpuCatalogue::findCost(type);
            if (!c)
                continue;
            rows.emplace_back(
                type, QStringLiteral("purchase %1 USD (%2, %3); board power %4 W (%5, %6); "
                                     "cloud %7 USD per GPU-hour (%8, %9)")
                          .arg(PlanText::usd(c->purchaseUsd), c->purchaseSource, c->purchaseDate)
                          .arg(c->boardPowerW)
                          .arg(c->powerSource, c->powerDate)
                          .arg(c->cloudUsdPerHour)
                          .arg(c->cloudSource, c->cloudDate));
        }
        if (!rows.empty()) {
            m_layout.heading(QStringLiteral("Prices and power of the GPU types"), 2);
            m_layout.keyValues(rows, 8.0);
        }
        m_layout.paragraph(GpuCatalogue::sources(), 8.0);
    }

    const plan::SweepSession& m_session;
    const plan::SweepSpec& m_spec;
    const CapacityPlanReport::Options& m_options;
    QPdfWriter& m_pdf;
    QPainter& m_painter;
    ReportLayout m_layout;
    Feedback* m_feedback;
    std::vector<PlanGroup> m_groups;
};

} // namespace

Status CapacityPlanReport::check(const plan::SweepSession& session)
{
    if (!session.pending().empty())
        return Error::invalid(
            QStringLiteral("the sweep has %1 unfinished points").arg(session.pending().size()));
    if (session.recommendations().empty())
        return Error::invalid(QStringLiteral("the sweep is not finished"));
    return {};
}

Result<int> CapacityPlanReport::write(const plan::SweepSession& session, const Options& options,
                                      const QString& path, Feedback* feedback)
{
    if (Status s = check(session); !s)
        return s.error();
    return PdfFile::write(
        path, options.pageSize,
        QStringLiteral("Gantry capacity plan: %1").arg(Writer::displayName(session)), feedback,
        [&](QPdfWriter& pdf, QPainter& painter) -> Result<int> {
            Writer writer(session, options, pdf, painter, feedback);
            if (const Status s = writer.run(); !s)
                return s.error();
            return writer.pages();
        });
}

} // namespace gantry::ui
