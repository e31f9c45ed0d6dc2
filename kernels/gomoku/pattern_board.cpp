// The incrementally classified gomoku board (pattern_board.hpp).
#include "gomoku/pattern_board.hpp"

#include <stdexcept>

#include "mnk/board.hpp"

namespace sb::gomoku::detail {

namespace {

// Digit of the key of a point that sees a stone at offset k (k in -5..-1, 1..5) on a line.
constexpr int digit_of(int k) {
  return k < 0 ? k + 5 : k + 4;
}

}  // namespace

PatternBoard::PatternBoard(int cols, int rows, mnk::Rule rule)
    : m_(cols),
      n_(rows),
      pw_(cols + 2 * kPad),
      reach_(rule == mnk::Rule::kStandard ? 5 : 4),
      table_(shape_table(rule)),
      combo_(&combos()) {
  if (cols < 1 || rows < 1) throw std::invalid_argument("PatternBoard: empty board");
  doff_[0] = 1;
  doff_[1] = pw_;
  doff_[2] = pw_ + 1;
  doff_[3] = 1 - pw_;
  const std::size_t size = static_cast<std::size_t>(pw_) * (rows + 2 * kPad);
  st_.assign(size, 3);
  for (int c = 0; c < cols * rows; ++c) {
    points_.push_back(index(c));
    st_[points_.back()] = 0;
  }
  for (int p = 0; p < 2; ++p) {
    key_[p].assign(size * 4, 0);
    shp_[p].assign(size * 4, 0);
    cls_[p].assign(size, kTNone);
    val_[p].assign(size, 0);
    cnt_[p].fill(0);
  }
  // keys of the empty board: off-board points are blocked for both players
  for (int q : points_)
    for (int d = 0; d < 4; ++d)
      for (int k = -5; k <= 5; ++k) {
        if (k == 0 || st_[q + k * doff_[d]] != 3) continue;
        key_[0][q * 4 + d] =
            static_cast<std::uint16_t>(key_[0][q * 4 + d] + 2 * kPow3[digit_of(k)]);
        key_[1][q * 4 + d] =
            static_cast<std::uint16_t>(key_[1][q * 4 + d] + 2 * kPow3[digit_of(k)]);
      }
  log_.reserve(4096);
  frames_.reserve(static_cast<std::size_t>(cols) * rows + 64);
  for (int q : points_) {
    for (int p = 0; p < 2; ++p) ++cnt_[p][kTNone];
    for (int d = 0; d < 4; ++d) reshape(q, d);
    classify(q);
  }
}

const PatternBoard::Combo& PatternBoard::combos() {
  static const Combo c = [] {
    Combo t;
    for (int i = 0; i < kCombos; ++i) {
      Shape s[4];
      int v = 0;
      for (int d = 0, x = i; d < 4; ++d, x /= 9) {
        s[d] = static_cast<Shape>(x % 9);
        v += kShapePoints[x % 9];
      }
      t.klass[i] = threat_class(s);
      t.value[i] = static_cast<std::int16_t>(v + kClassBonus[t.klass[i]]);
    }
    return t;
  }();
  return c;
}

void PatternBoard::classify(int q) {
  for (int p = 0; p < 2; ++p) {
    const std::uint8_t* sh = &shp_[p][q * 4];
    const int i = sh[0] + 9 * sh[1] + 81 * sh[2] + 729 * sh[3];
    const std::uint8_t k = combo_->klass[i];
    const int v = combo_->value[i];
    --cnt_[p][cls_[p][q]];
    tot_[p] += v - val_[p][q];
    cls_[p][q] = k;
    val_[p][q] = static_cast<std::int16_t>(v);
    ++cnt_[p][k];
  }
}

bool PatternBoard::reshape(int q, int d) {
  bool changed = false;
  for (int p = 0; p < 2; ++p) {
    const auto s = static_cast<std::uint8_t>(table_[key_[p][q * 4 + d]]);
    changed |= s != shp_[p][q * 4 + d];
    shp_[p][q * 4 + d] = s;
  }
  return changed;
}

// Adds the stone of `owner` at idx to the keys of the points around it and re-classifies the
// empty ones whose shapes changed, logging what they held before for undo().
void PatternBoard::update_lines(int idx, int owner) {
  for (int d = 0; d < 4; ++d) {
    const int o = doff_[d];
    for (int k = -reach_; k <= reach_; ++k) {
      if (k == 0) continue;
      const int q = idx + k * o;
      if (st_[q] == 3) continue;
      // q sees the stone at offset -k
      const int w = kPow3[digit_of(-k)];
      const int q4 = q * 4 + d;
      key_[owner][q4] = static_cast<std::uint16_t>(key_[owner][q4] + w);
      key_[owner ^ 1][q4] = static_cast<std::uint16_t>(key_[owner ^ 1][q4] + 2 * w);
      if (st_[q] != 0) continue;
      const auto s0 = static_cast<std::uint8_t>(table_[key_[0][q4]]);
      const auto s1 = static_cast<std::uint8_t>(table_[key_[1][q4]]);
      if (s0 == shp_[0][q4] && s1 == shp_[1][q4]) continue;
      log_.push_back(
          Saved{q4, shp_[0][q4], shp_[1][q4], cls_[0][q], cls_[1][q], val_[0][q], val_[1][q]});
      shp_[0][q4] = s0;
      shp_[1][q4] = s1;
      classify(q);
    }
  }
}

void PatternBoard::play_as(int idx, int p) {
  Frame f;
  f.log = static_cast<std::uint32_t>(log_.size());
  f.cnt[0] = cnt_[0];
  f.cnt[1] = cnt_[1];
  for (int pl = 0; pl < 2; ++pl) {
    f.tot[pl] = tot_[pl];
    f.cls[pl] = cls_[pl][idx];
    f.val[pl] = val_[pl][idx];
    --cnt_[pl][cls_[pl][idx]];
    tot_[pl] -= val_[pl][idx];
    cls_[pl][idx] = kTNone;
    val_[pl][idx] = 0;
  }
  frames_.push_back(f);
  st_[idx] = static_cast<std::uint8_t>(p + 1);
  hash_ ^= mnk::zobrist(cell(idx), p);
  ++stones_;
  hist_.push_back(2 * idx + p);
  update_lines(idx, p);
}

// Takes the last stone back: its key digits are subtracted, and every shape, class and value it
// changed is restored from the log (nothing is looked up again); the stone's own point gets back
// the shapes it had when it was empty (no later stone changed them: undo is last in, first out).
void PatternBoard::undo() {
  const int idx = hist_.back() >> 1, owner = hist_.back() & 1;
  hist_.pop_back();
  --stones_;
  hash_ ^= mnk::zobrist(cell(idx), owner);
  st_[idx] = 0;
  for (int d = 0; d < 4; ++d) {
    const int o = doff_[d];
    for (int k = -reach_; k <= reach_; ++k) {
      if (k == 0) continue;
      const int q = idx + k * o;
      if (st_[q] == 3) continue;
      const int w = kPow3[digit_of(-k)];
      const int q4 = q * 4 + d;
      key_[owner][q4] = static_cast<std::uint16_t>(key_[owner][q4] - w);
      key_[owner ^ 1][q4] = static_cast<std::uint16_t>(key_[owner ^ 1][q4] - 2 * w);
    }
  }
  const Frame& f = frames_.back();
  for (std::size_t i = log_.size(); i-- > f.log;) {
    const Saved& e = log_[i];
    const int q = e.q4 >> 2;
    shp_[0][e.q4] = e.shp0;
    shp_[1][e.q4] = e.shp1;
    cls_[0][q] = e.cls0;
    cls_[1][q] = e.cls1;
    val_[0][q] = e.val0;
    val_[1][q] = e.val1;
  }
  log_.resize(f.log);
  cnt_[0] = f.cnt[0];
  cnt_[1] = f.cnt[1];
  for (int pl = 0; pl < 2; ++pl) {
    tot_[pl] = f.tot[pl];
    cls_[pl][idx] = f.cls[pl];
    val_[pl][idx] = f.val[pl];
  }
  frames_.pop_back();
}

int PatternBoard::five_point_near(int idx, int p) const {
  for (int d = 0; d < 4; ++d)
    for (int k = -5; k <= 5; ++k) {
      const int q = idx + k * doff_[d];
      if (st_[q] == 0 && cls_[p][q] == kTFive) return q;
    }
  return -1;
}

int PatternBoard::any_point(int p, int k) const {
  if (cnt_[p][k] == 0) return -1;
  for (int q : points_)
    if (st_[q] == 0 && cls_[p][q] == k) return q;
  return -1;
}

}  // namespace sb::gomoku::detail
