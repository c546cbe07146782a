#include "animatedgifwriter.h"

#include <QHash>
#include <QIODevice>

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace gantry::ui {

namespace {

constexpr int MaxCode = 4095; // codes are at most 12 bits; the last is left free, as is usual
constexpr int TableSize = 8192;

void putShort(QByteArray& b, int v)
{
    b.append(char(v & 0xff));
    b.append(char((v >> 8) & 0xff));
}

int distance(QRgb a, QRgb b)
{
    // Weighted as the eye sees differences: green most, blue least.
    const int dr = qRed(a) - qRed(b), dg = qGreen(a) - qGreen(b), db = qBlue(a) - qBlue(b);
    return 3 * dr * dr + 4 * dg * dg + 2 * db * db;
}

// LSB-first bit packing into GIF's data sub-blocks of at most 255 bytes.
class BitWriter
{
public:
    explicit BitWriter(QByteArray& out) : m_out(out) {}
    void put(int code, int bits)
    {
        m_buffer |= std::uint32_t(code) << m_count;
        m_count += bits;
        while (m_count >= 8) {
            byte(char(m_buffer & 0xff));
            m_buffer >>= 8;
            m_count -= 8;
        }
    }
    void finish()
    {
        if (m_count > 0)
            byte(char(m_buffer & 0xff));
        m_buffer = 0;
        m_count = 0;
        flushBlock();
        m_out.append(char(0)); // block terminator
    }

private:
    void byte(char c)
    {
        m_block[std::size_t(m_blockSize++)] = c;
        if (m_blockSize == 255)
            flushBlock();
    }
    void flushBlock()
    {
        if (m_blockSize == 0)
            return;
        m_out.append(char(m_blockSize));
        m_out.append(m_block.data(), m_blockSize);
        m_blockSize = 0;
    }

    QByteArray& m_out;
    std::uint32_t m_buffer = 0;
    int m_count = 0;
    std::array<char, 255> m_block{};
    int m_blockSize = 0;
};

} // namespace

// Colour to table index: the table's own colours exactly, any other colour through its nearest
// table colour, remembered once found.
struct AnimatedGifWriter::Lookup
{
    QList<QRgb> colours;
    QHash<QRgb, uchar> known;

    uchar index(QRgb c)
    {
        c |= 0xff000000u;
        const auto it = known.constFind(c);
        if (it != known.constEnd())
            return it.value();
        int best = 0, bestDistance = distance(c, colours.front());
        for (int i = 1; i < colours.size() && bestDistance > 0; ++i) {
            const int d = distance(c, colours[i]);
            if (d < bestDistance) {
                best = i;
                bestDistance = d;
            }
        }
        known.insert(c, uchar(best));
        return uchar(best);
    }
};

AnimatedGifWriter::AnimatedGifWriter() = default;
AnimatedGifWriter::~AnimatedGifWriter() = default;

QList<QRgb> AnimatedGifWriter::palette(const std::vector<QImage>& samples,
                                       const QList<QRgb>& required)
{
    QList<QRgb> out;
    auto add = [&out](QRgb c) {
        c |= 0xff000000u;
        if (out.size() < MaxColours && !out.contains(c))
            out.append(c);
    };
    for (QRgb c : required)
        add(c);
    QHash<QRgb, qint64> counts;
    for (const QImage& sample : samples) {
        const QImage image = sample.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
            for (int x = 0; x < image.width(); ++x)
                ++counts[line[x] | 0xff000000u];
        }
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(std::size_t(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        byCount.emplace_back(it.value(), it.key());
    // Most pixels first; equal counts by colour, so that the table never depends on hashing.
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    constexpr int CubeLevels = 4;
    const int room = MaxColours - CubeLevels * CubeLevels * CubeLevels;
    for (const auto& [count, colour] : byCount) {
        if (out.size() >= room)
            break;
        add(colour);
    }
    for (int r = 0; r < CubeLevels; ++r)
        for (int g = 0; g < CubeLevels; ++g)
            for (int b = 0; b < CubeLevels; ++b)
                add(qRgb(r * 255 / (CubeLevels - 1), g * 255 / (CubeLevels - 1),
                         b * 255 / (CubeLevels - 1)));
    return out;
}

bool AnimatedGifWriter::open(QIODevice* device, const QSize& size, const QList<QRgb>& colours,
                             int loopCount)
{
    m_device = nullptr;
    m_frames = 0;
    m_previous.clear();
    m_error.clear();
    if (!device || !device->isWritable()) {
        m_error = QStringLiteral("the device is not open for writing");
        return false;
    }
    if (size.width() < 1 || size.height() < 1 || size.width() > 65535 || size.height() > 65535) {
        m_error = QStringLiteral("image size %1 x %2 is not valid for a GIF")
                      .arg(size.width())
                      .arg(size.height());
        return false;
    }
    if (colours.isEmpty() || colours.size() > MaxColours) {
        m_error = QStringLiteral("a GIF has 1 to 256 colours, not %1").arg(colours.size());
        return false;
    }
    if (loopCount < 0 || loopCount > 65535) {
        m_error = QStringLiteral("loop count %1 is not valid").arg(loopCount);
        return false;
    }
    m_device = device;
    m_size = size;
    m_colours = colours;
    m_lookup = std::make_unique<Lookup>();
    m_lookup->colours = colours;
    for (int i = int(colours.size()) - 1; i >= 0; --i)
        m_lookup->known.insert(colours[i] | 0xff000000u, uchar(i));

    QByteArray header("GIF89a");
    putShort(header, size.width());
    putShort(header, size.height());
    // A global table of 256 entries (unused ones black), 8 bits of colour resolution.
    header.append(char(0xf7));
    header.append(char(0)); // background: entry 0
    header.append(char(0)); // square pixels
    for (int i = 0; i < MaxColours; ++i) {
        const QRgb c = i < colours.size() ? colours[i] : qRgb(0, 0, 0);
        header.append(char(qRed(c)));
        header.append(char(qGreen(c)));
        header.append(char(qBlue(c)));
    }
    // NETSCAPE2.0: the animation loops loopCount times (0: forever).
    header.append("\x21\xff\x0b", 3);
    header.append("NETSCAPE2.0");
    header.append(char(3));
    header.append(char(1));
    putShort(header, loopCount);
    header.append(char(0));
    if (!put(header)) {
        m_device = nullptr;
        return false;
    }
    return true;
}

void AnimatedGifWriter::mapColours(const QImage& image, std::vector<uchar>& out) const
{
    out.resize(std::size_t(m_size.width()) * std::size_t(m_size.height()));
    std::size_t k = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        QRgb last = line[0] ^ 1u; // differs from the first pixel
        uchar index = 0;
        for (int x = 0; x < image.width(); ++x) {
            if (line[x] != last) {
                last = line[x];
                index = m_lookup->index(last);
            }
            out[k++] = index;
        }
    }
}

bool AnimatedGifWriter::addFrame(const QImage& frame, int delayMs)
{
    if (!m_device) {
        m_error = QStringLiteral("the GIF is not open");
        return false;
    }
    QImage image = frame.size() == m_size
                       ? frame
                       : frame.scaled(m_size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    image = image.convertToFormat(QImage::Format_RGB32);
    std::vector<uchar> indices;
    mapColours(image, indices);

    // Only the rectangle that differs from the frame before; the rest stays on screen.
    const int w = m_size.width(), h = m_size.height();
    int left = 0, top = 0, right = w - 1, bottom = h - 1;
    if (!m_previous.empty()) {
        left = w;
        top = h;
        right = -1;
        bottom = -1;
        for (int y = 0; y < h; ++y) {
            const uchar* a = indices.data() + std::size_t(y) * std::size_t(w);
            const uchar* b = m_previous.data() + std::size_t(y) * std::size_t(w);
            if (std::equal(a, a + w, b))
                continue;
            top = std::min(top, y);
            bottom = y;
            int x0 = 0, x1 = w - 1;
            while (a[x0] == b[x0])
                ++x0;
            while (a[x1] == b[x1])
                --x1;
            left = std::min(left, x0);
            right = std::max(right, x1);
        }
        if (right < 0) { // nothing changed: one unchanged pixel carries the delay
            left = right = top = bottom = 0;
        }
    }
    const int rw = right - left + 1, rh = bottom - top + 1;
    std::vector<uchar> part(std::size_t(rw) * std::size_t(rh));
    for (int y = 0; y < rh; ++y)
        std::copy_n(indices.data() + std::size_t(top + y) * std::size_t(w) + std::size_t(left), rw,
                    part.data() + std::size_t(y) * std::size_t(rw));

    QByteArray block;
    // Graphic control extension: leave the frame in place, the delay in hundredths.
    block.append("\x21\xf9\x04", 3);
    block.append(char(1 << 2));
    putShort(block, std::clamp((delayMs + 5) / 10, 1, 65535));
    block.append(char(0));
    block.append(char(0));
    // Image descriptor: the rectangle, no local table, not interlaced.
    block.append(char(0x2c));
    putShort(block, left);
    putShort(block, top);
    putShort(block, rw);
    putShort(block, rh);
    block.append(char(0));
    block.append(compress(part.data(), int(part.size()), 8));
    if (!put(block))
        return false;
    m_previous = std::move(indices);
    ++m_frames;
    return true;
}

bool AnimatedGifWriter::close()
{
    if (!m_device) {
        m_error = QStringLiteral("the GIF is not open");
        return false;
    }
    const bool ok = put(QByteArray(1, char(0x3b)));
    m_device = nullptr;
    m_previous.clear();
    return ok;
}

bool AnimatedGifWriter::put(const QByteArray& bytes)
{
    if (m_device->write(bytes) == bytes.size())
        return true;
    m_error = m_device->errorString().isEmpty() ? QStringLiteral("the device refused the data")
                                                : m_device->errorString();
    return false;
}

QByteArray AnimatedGifWriter::compress(const uchar* indices, int count, int minCodeSize)
{
    QByteArray out;
    out.append(char(minCodeSize));
    BitWriter bits(out);
    const int clearCode = 1 << minCodeSize;
    const int endCode = clearCode + 1;
    // The string table as (prefix code, next index) -> code, open addressing.
    std::vector<std::int32_t> keys(TableSize, -1);
    std::vector<std::int16_t> codes(TableSize, 0);
    int next = endCode + 1;
    int width = minCodeSize + 1;
    auto slot = [&keys](std::int32_t key) {
        std::uint32_t s = (std::uint32_t(key) * 2654435761u) >> (32 - 13);
        while (keys[s] != -1 && keys[s] != key)
            s = (s + 1) & (TableSize - 1);
        return s;
    };
    auto output = [&](int code) {
        bits.put(code, width);
        // The decoder widens its codes once the table reaches the current width.
        if (next >= (1 << width) && width < 12)
            ++width;
    };
    bits.put(clearCode, width);
    if (count > 0) {
        int prefix = indices[0];
        for (int i = 1; i < count; ++i) {
            const int k = indices[i];
            const std::int32_t key = (prefix << 8) | k;
            const std::uint32_t s = slot(key);
            if (keys[s] == key) {
                prefix = codes[s];
                continue;
            }
            output(prefix);
            if (next < MaxCode) {
                keys[s] = key;
                codes[s] = std::int16_t(next++);
            } else {
                bits.put(clearCode, width);
                std::fill(keys.begin(), keys.end(), -1);
                next = endCode + 1;
                width = minCodeSize + 1;
            }
            prefix = k;
        }
        output(prefix);
    }
    bits.put(endCode, width);
    bits.finish();
    return out;
}

} // namespace gantry::ui
