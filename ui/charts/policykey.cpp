#include "charts/policykey.h"

#include "charts/chartfactory.h"

#include <algorithm>

namespace gantry::ui {

PolicyKey::PolicyKey(QWidget* parent) : QLabel(parent)
{
    setTextFormat(Qt::RichText);
    setWordWrap(true);
    setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setContentsMargins(8, 8, 8, 8);
}

void PolicyKey::setPolicies(const QStringList& policies)
{
    m_policies.clear();
    for (const QString& p : policies)
        if (!m_policies.contains(p))
            m_policies << p;
    setText(ChartFactory::policyKey(m_policies));
    // The key is never narrower than its widest entry, which does not break.
    int widest = 0;
    for (const QString& p : m_policies)
        widest = std::max(widest, fontMetrics().horizontalAdvance(QStringLiteral("\u25a0 ") + p));
    const QMargins m = contentsMargins();
    setMinimumWidth(widest + m.left() + m.right() + 4);
}

} // namespace gantry::ui
