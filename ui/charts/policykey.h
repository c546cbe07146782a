#pragma once

#include <QLabel>
#include <QStringList>

namespace gantry::ui {

/// The one key of charts shown without their legends (the Results tab's Charts, the prediction
/// sensitivity's two charts): each policy once, a square in its colour before its name
/// (ChartFactory::policyKey), word-wrapped over as many lines as its width needs and never
/// narrower than its widest entry, which does not break. However many policies ran, the charts
/// keep their plot area.
class PolicyKey : public QLabel
{
    Q_OBJECT

public:
    /// An empty key.
    explicit PolicyKey(QWidget* parent = nullptr);

    /// Shows policies, in order (duplicates once).
    void setPolicies(const QStringList& policies);
    /// The policies shown.
    const QStringList& policies() const { return m_policies; }

private:
    QStringList m_policies;
};

} // namespace gantry::ui
