#pragma once

#include <QString>
#include <QStringList>

#include <memory>

namespace gantry::sim {
class Policy;
}

namespace gantry {

/// The named scheduling policies. Adding a policy is a new file plus one line here
/// (docs/architecture.md, "How to add a policy").
class PolicyRegistry
{
public:
    /// Every policy name, in the order the documentation lists them.
    static QStringList names();
    /// True when name is a known policy.
    static bool contains(const QString& name);
    /// One-line description of a policy, empty for an unknown name.
    static QString description(const QString& name);
    /// A fresh policy instance, or nullptr for an unknown name.
    static std::unique_ptr<sim::Policy> create(const QString& name);
};

} // namespace gantry
