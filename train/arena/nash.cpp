#include "train/arena/nash.h"

#include <glpk.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

namespace djambi {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

// The largest weight strategy `i` takes in any equilibrium: the linear program
// max p_i subject to A p <= 0 (no strategy gains against p: the game's value is 0), sum p = 1,
// p >= 0 (GLPK's simplex method).
double largest_equilibrium_weight(const MatrixXd& a, int i) {
  const int n = static_cast<int>(a.rows());
  std::unique_ptr<glp_prob, decltype(&glp_delete_prob)> lp(glp_create_prob(), glp_delete_prob);
  glp_set_obj_dir(lp.get(), GLP_MAX);
  glp_add_rows(lp.get(), n + 1);
  glp_add_cols(lp.get(), n);
  for (int r = 1; r <= n; ++r) glp_set_row_bnds(lp.get(), r, GLP_UP, 0.0, 0.0);
  glp_set_row_bnds(lp.get(), n + 1, GLP_FX, 1.0, 1.0);
  for (int c = 1; c <= n; ++c) {
    glp_set_col_bnds(lp.get(), c, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(lp.get(), c, c == i + 1 ? 1.0 : 0.0);
  }
  std::vector<int> rows{0}, cols{0};  // GLPK's arrays start at index 1
  std::vector<double> values{0};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (a(r, c) != 0) rows.push_back(r + 1), cols.push_back(c + 1), values.push_back(a(r, c));
  for (int c = 0; c < n; ++c) rows.push_back(n + 1), cols.push_back(c + 1), values.push_back(1.0);
  glp_load_matrix(lp.get(), static_cast<int>(values.size()) - 1, rows.data(), cols.data(), values.data());
  glp_smcp options;
  glp_init_smcp(&options);
  options.msg_lev = GLP_MSG_OFF;
  if (glp_simplex(lp.get(), &options) != 0 || glp_get_status(lp.get()) != GLP_OPT)
    throw std::runtime_error("maxent_nash: the linear program of strategy " + std::to_string(i) + " has no solution");
  return glp_get_obj_val(lp.get());
}

// p = softmax over the support of (A lambda), the form of the entropy maximiser under the
// constraints A p <= 0 with multipliers lambda; zero off the support.
VectorXd weights_of(const MatrixXd& a, const std::vector<bool>& support, const VectorXd& lambda) {
  const VectorXd z = a * lambda;
  double top = -INFINITY;
  for (int i = 0; i < z.size(); ++i)
    if (support[static_cast<size_t>(i)]) top = std::max(top, z(i));
  VectorXd p = VectorXd::Zero(z.size());
  for (int i = 0; i < z.size(); ++i)
    if (support[static_cast<size_t>(i)]) p(i) = std::exp(z(i) - top);
  return p / p.sum();
}

}  // namespace

NashAverage maxent_nash(const std::vector<std::vector<double>>& payoff) {
  const int n = static_cast<int>(payoff.size());
  if (n == 0) throw std::invalid_argument("maxent_nash: the meta-game has no strategy");
  MatrixXd a(n, n);
  for (int i = 0; i < n; ++i) {
    if (static_cast<int>(payoff[static_cast<size_t>(i)].size()) != n)
      throw std::invalid_argument("maxent_nash: the payoff matrix is not square");
    for (int j = 0; j < n; ++j) {
      a(i, j) = payoff[static_cast<size_t>(i)][static_cast<size_t>(j)];
      if (!std::isfinite(a(i, j))) throw std::invalid_argument("maxent_nash: a payoff is not finite");
    }
  }
  if ((a + a.transpose()).cwiseAbs().maxCoeff() > 1e-9)
    throw std::invalid_argument("maxent_nash: the payoff matrix is not antisymmetric (a zero-sum meta-game)");

  // 1. The support of the maximum-entropy equilibrium is the union of every equilibrium's
  //    support (it lies in the relative interior of the convex set of equilibria).
  std::vector<bool> support(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) support[static_cast<size_t>(i)] = largest_equilibrium_weight(a, i) > 1e-9;

  // 2. On that support the entropy maximiser is p = softmax(A lambda) for the lambda >= 0 that
  //    minimises the convex dual log sum exp(A lambda); the dual's minimum exists there (a
  //    feasible point with every support weight positive), so accelerated projected gradient
  //    descent (FISTA with restarts) reaches it. Its gradient is -A p.
  const double step = 1.0 / std::max(1e-12, a.squaredNorm());
  VectorXd lambda = VectorXd::Zero(n), y = lambda;
  double momentum = 1;
  for (int iteration = 0; iteration < 200000; ++iteration) {
    const VectorXd gradient = -(a * weights_of(a, support, y));
    const VectorXd next = (y - step * gradient).cwiseMax(0.0);
    // Converged: no strategy gains against p, and no multiplier is held up by a slack constraint.
    const VectorXd p = weights_of(a, support, next);
    const VectorXd gains = a * p;
    if (gains.maxCoeff() < 1e-12 && (next.array() * gains.array()).abs().maxCoeff() < 1e-12) {
      lambda = next;
      break;
    }
    const double next_momentum = (1 + std::sqrt(1 + 4 * momentum * momentum)) / 2;
    if ((next - lambda).dot(gradient) > 0) {  // restart when the momentum points uphill
      y = next;
      momentum = 1;
    } else {
      y = next + ((momentum - 1) / next_momentum) * (next - lambda);
      momentum = next_momentum;
    }
    lambda = next;
  }
  const VectorXd p = weights_of(a, support, lambda);
  const VectorXd average = a * p;
  NashAverage result;
  for (int i = 0; i < n; ++i) {
    result.weights.push_back(p(i));
    result.average.push_back(average(i));
  }
  return result;
}

}  // namespace djambi
