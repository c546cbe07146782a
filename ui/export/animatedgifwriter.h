#pragma once

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>

#include <memory>
#include <vector>

class QIODevice;

namespace gantry::ui {

/// Writes an animated GIF (GIF89a) frame by frame to a device: one global colour table of at
/// most 256 colours fixed when the file is opened, the NETSCAPE2.0 loop extension, a delay per
/// frame and LZW-compressed pixels. Each frame is mapped to the nearest colour of the table
/// (no dithering: charts are flat colours) and only the rectangle that changed since the frame
/// before is stored. Qt's own image writers cannot write animations.
class AnimatedGifWriter
{
public:
    /// Largest colour table of a GIF.
    static constexpr int MaxColours = 256;

    AnimatedGifWriter();
    ~AnimatedGifWriter();
    AnimatedGifWriter(const AnimatedGifWriter&) = delete;
    AnimatedGifWriter& operator=(const AnimatedGifWriter&) = delete;

    /// A colour table for frames like samples: required first, then the colours that cover the
    /// most pixels of samples, then a 4 x 4 x 4 colour cube for what is left (antialiased
    /// edges), at most MaxColours in all. O(pixels of samples).
    static QList<QRgb> palette(const std::vector<QImage>& samples,
                               const QList<QRgb>& required = {});

    /// Starts a GIF of size on device (open for writing, not owned) with colours (1 to 256,
    /// opaque) as its colour table; loops forever when loopCount is 0, else plays loopCount
    /// times more. False, with error() set, when the arguments are not valid or the device
    /// refuses the header.
    bool open(QIODevice* device, const QSize& size, const QList<QRgb>& colours, int loopCount = 0);
    /// Appends image (scaled to the size when it differs) shown for delayMs milliseconds (GIF
    /// counts hundredths of a second: rounded, at least 1). False, with error() set, when the
    /// writer is not open or the device refuses the data. O(pixels).
    bool addFrame(const QImage& image, int delayMs);
    /// Ends the file (its trailer); the device stays open. False when nothing was opened or the
    /// device refuses the trailer.
    bool close();

    /// Frames added since open().
    int frameCount() const { return m_frames; }
    /// What went wrong last, for a message.
    QString error() const { return m_error; }

    /// The LZW-compressed image data of indices (each below 2^minCodeSize) as GIF stores it:
    /// the code size byte, the data sub-blocks and the block terminator. O(indices).
    static QByteArray compress(const uchar* indices, int count, int minCodeSize);

private:
    bool put(const QByteArray& bytes);
    void mapColours(const QImage& image, std::vector<uchar>& out) const;

    struct Lookup;
    QIODevice* m_device = nullptr;
    QSize m_size;
    QList<QRgb> m_colours;
    std::unique_ptr<Lookup> m_lookup;
    std::vector<uchar> m_previous; // the last frame's indices, for the changed rectangle
    int m_frames = 0;
    QString m_error;
};

} // namespace gantry::ui
