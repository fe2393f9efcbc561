#include "core/result/review_result.h"

namespace atom {

const char* to_string(Verdict verdict) {
  switch (verdict) {
    case Verdict::Lgtm: return "lgtm";
    case Verdict::NeedsWork: return "needs_work";
    case Verdict::Block: return "block";
  }
  return "lgtm";
}

}  // namespace atom
