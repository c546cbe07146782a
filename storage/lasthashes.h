#pragma once

#include <QByteArray>
#include <QString>

#include <mutex>
#include <optional>

namespace gantry::storage {

/// The hashes of the scenario document ScenarioForms::of hashed last, so that hashing the same
/// scenario again (the window's project tree after every save) reads them instead. Found only
/// for the very same document bytes; keeps that one document (shared with its forms). Safe to
/// use from any thread.
class LastHashes
{
public:
    /// A scenario's hashes (ScenarioForms::hash and contentHash).
    struct Hashes
    {
        QString hash;        ///< of the whole document
        QString contentHash; ///< of the document without its name
    };

    /// Remembers the hashes of compact (a scenario's canonical document), forgetting the last.
    static void remember(const QByteArray& compact, const Hashes& hashes);
    /// The hashes remembered for compact, when it is the document remembered.
    static std::optional<Hashes> find(const QByteArray& compact);

private:
    static std::mutex s_mutex;
    static QByteArray s_compact;
    static Hashes s_hashes;
};

} // namespace gantry::storage
