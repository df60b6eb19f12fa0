// Questions that follow earlier answers: each field or step with a
// data-show-if condition is shown while its condition holds for the answers
// above it, and hidden (its answer then counts for nothing) while it does
// not. The server decides the same way from what is sent; without this
// script it asks the questions that became relevant on a next page.
(function () {
  'use strict';

  var form = document.querySelector('form.survey');
  if (!form) { return; }
  var askedField = form.querySelector('input[name="asked"]');
  var status = form.querySelector('.conditions-status');
  var declined = 'preferNotToAnswer';

  // The values entered for an item, in the order its controls come.
  function entered(item) {
    var values = [];
    Array.prototype.forEach.call(form.elements, function (control) {
      if (control.name !== item || control.type === 'hidden') { return; }
      if ((control.type === 'radio' || control.type === 'checkbox') && !control.checked) { return; }
      var value = control.value.trim();
      if (value !== '') { values.push(value); }
    });
    return values;
  }

  // A typed number may use a comma for its decimals, as the server reads it.
  function number(value) {
    var parsed = Number(String(value).replace(',', '.'));
    return value === '' || isNaN(parsed) ? null : parsed;
  }

  // A number compares as a number, so 7 matches 7.0; anything else by its text.
  function matches(answer, wanted) {
    if (typeof wanted === 'number') { return number(answer) === wanted; }
    var a = Number(answer), b = Number(wanted);
    return answer !== '' && wanted !== '' && !isNaN(a) && !isNaN(b) ? a === b : String(answer) === String(wanted);
  }

  // As StudyModel's Condition.holds: a comparison with no answer, or with
  // "prefer not to answer", does not hold; `answered` tells them apart.
  function holds(condition, answers) {
    if (condition.all) { return condition.all.every(function (c) { return holds(c, answers); }); }
    if (condition.any) { return condition.any.some(function (c) { return holds(c, answers); }); }
    if (condition.not) { return !holds(condition.not, answers); }
    var all = answers[condition.item] || [];
    var given = all.filter(function (v) { return v !== declined; });
    if ('answered' in condition) { return (all.length > 0) === condition.answered; }
    if ('equals' in condition) { return given.length === 1 && matches(given[0], condition.equals); }
    if ('notEquals' in condition) {
      return given.length > 0 && !given.some(function (v) { return matches(v, condition.notEquals); });
    }
    if ('includes' in condition) { return given.some(function (v) { return matches(v, condition.includes); }); }
    var bound = 'atLeast' in condition ? condition.atLeast : condition.atMost;
    return given.length > 0 && given.every(function (v) {
      var n = number(v);
      return n !== null && ('atLeast' in condition ? n >= bound : n <= bound);
    });
  }

  function condition(element) {
    var text = element.getAttribute('data-show-if');
    return text ? JSON.parse(text) : null;
  }

  function update(announce) {
    var answers = {};
    var asked = [];
    var added = 0, removed = 0;
    Array.prototype.forEach.call(form.querySelectorAll('.form-step'), function (step) {
      var stepCondition = condition(step);
      var stepShown = !stepCondition || holds(stepCondition, answers);
      if (step.hasAttribute('data-show-if')) { step.hidden = !stepShown; }
      Array.prototype.forEach.call(step.querySelectorAll('.field[data-item]'), function (field) {
        var item = field.getAttribute('data-item');
        var own = condition(field);
        var shown = stepShown && (!own || holds(own, answers));
        if (own || stepCondition) {
          if (shown && field.hidden) { added += 1; }
          if (!shown && !field.hidden) { removed += 1; }
          field.hidden = !shown;
        }
        if (shown) {
          asked.push(item);
          answers[item] = entered(item);
        }
      });
    });
    if (askedField) { askedField.value = asked.join(' '); }
    if (announce && status && (added || removed)) {
      status.textContent = status.getAttribute(added ? 'data-said-added' : 'data-said-removed');
    }
  }

  form.addEventListener('change', function () { update(true); });
  form.addEventListener('input', function () { update(true); });
  update(false);
})();
