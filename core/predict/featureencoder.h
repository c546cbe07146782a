#pragma once

#include "model/job.h"

#include <QHash>
#include <QMap>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <utility>
#include <vector>

namespace gantry::predict {

/// Turns a job into the fixed-width numeric feature vector of the `rf` predictor
/// (docs/asrpt.md, "Iteration prediction"). Categorical columns: model name, dataset
/// (features["dataset"]), user, virtual cluster (features["vc"]), job name / recurrence key
/// (features["name"], else ["template"]), then every other string feature by sorted key. Numeric
/// columns: parameters and global batch (model jobs of the zoo), dp, pp, tp, ep (model jobs), GPUs,
/// requested iterations (predictedIterations), submit hour of day (floor(arrival_s / 3600) mod 24),
/// then every other numeric feature by sorted key. Categories get ordinal codes in order of first
/// appearance in the training set; an unseen category is -1; a missing value (absent category or
/// number) is NaN. The column set is fixed by the first fit(); keys first seen later are ignored.
class FeatureEncoder
{
public:
    /// The raw features of one job by column name, one entry per name, in no particular
    /// order; an absent entry is missing. A job has a few, so they are kept in flat lists.
    struct Raw
    {
        std::vector<std::pair<QString, QString>> categories; ///< categorical values
        std::vector<std::pair<QString, double>> numbers;     ///< numeric values

        /// Sets key's categorical value, replacing any. O(entries).
        void setCategory(const QString& key, const QString& value);
        /// Sets key's numeric value, replacing any. O(entries).
        void setNumber(const QString& key, double value);
        /// key's categorical value, empty when it has none. O(entries).
        QString category(const QString& key) const;
    };

    /// The raw features of job. O(features).
    static Raw extract(const Job& job);
    /// Fixes the columns on the first call; every call assigns codes to the categories of rows
    /// not seen before, in row order. O(rows x columns x log).
    void fit(const std::vector<Raw>& rows);
    /// fit(rows), then appends the width() values of each row to *encoded (the same values as
    /// encode() after the fit), in one pass. O(rows x features).
    void fit(const std::vector<Raw>& rows, std::vector<float>* encoded);
    /// True once fit() was called.
    bool fitted() const { return m_fitted; }
    /// Number of columns (0 before fit()).
    int width() const { return int(m_columns.size()); }
    /// Column names in vector order (free features as "feature:<key>").
    QStringList columnNames() const;
    /// Ordinal code of value in categorical column, -1 if unseen or not a categorical column.
    int code(const QString& column, const QString& value) const;
    /// Writes width() values for raw to out. O(columns + features).
    void encode(const Raw& raw, float* out) const;
    /// The width() values for raw.
    std::vector<float> encode(const Raw& raw) const;

private:
    // A value's code found lately, kept with the value itself: a value whose text is the very
    // same buffer (a recurring job's user, model or name, shared by every job that has it) is
    // found by that buffer's address instead of by hashing its text. Holding the value keeps the
    // buffer alive and unchanged (its owner detaches before writing), so the same address and
    // length mean the same text. Codes never change once given; unseen values are not kept.
    struct Recent
    {
        QString value;
        int code = -1;
    };
    static constexpr std::size_t kRecent = 64; // slots per column, by address

    struct Column
    {
        QString name;
        bool categorical = false;
        QHash<QString, int> codes; // categorical: value -> ordinal code
        // encode() is const but fills these: one encoder is not for use by two threads at once.
        mutable std::vector<Recent> recent;
    };

    void fixColumns(const std::vector<Raw>& rows);
    // Position of the column named name, or -1.
    int columnOf(const QString& name) const;
    // The values of raw into out (width() of them); with assign, unseen categories get codes.
    template <bool assign, typename Columns>
    void encodeRow(const Raw& raw, float* out, Columns& columns) const;

    std::vector<Column> m_columns;
    bool m_fitted = false;
};

} // namespace gantry::predict
