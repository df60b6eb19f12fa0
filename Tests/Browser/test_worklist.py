"""The clinician's worklist on the built demo site, at 1280 px and 390 px:
flagged participants first with their reasons in view, "data as of", and
every column sorting both ways with the built-in script."""
import pytest
from selenium.webdriver.common.by import By

from conftest import DESKTOP, PHONE, console_errors, make_driver, screenshot

ROWS = "table.participants tbody tr"


def sort_keys(driver, column):
    """Each row's sort key in `column` (0 is the participant), top to bottom."""
    return driver.execute_script(
        "var column = arguments[1];"
        "return Array.from(document.querySelectorAll(arguments[0])).map(function (row) {"
        " return row.cells[column].getAttribute('data-sort'); });", ROWS, column)


def in_order(keys, numeric, descending):
    """Whether keys are sorted that way, empty keys last."""
    present = [key for key in keys if key != ""]
    if keys[len(present):] != [""] * (len(keys) - len(present)):
        return False
    values = [float(key) for key in present] if numeric else [key.lower() for key in present]
    return values == sorted(values, reverse=descending)


@pytest.mark.parametrize("metrics", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_worklist_puts_the_flagged_first_and_sorts_by_every_column(site, metrics):
    driver = make_driver(metrics, webgl=False)
    width = "phone" if metrics is PHONE else "desktop"
    try:
        driver.get((site / "index.html").as_uri())
        assert driver.find_element(By.CSS_SELECTOR, ".as-of").text.startswith("Data as of ")
        assert "America/New_York" in driver.find_element(By.CSS_SELECTOR, ".as-of").text
        rows = driver.find_elements(By.CSS_SELECTOR, ROWS)
        flagged = [row for row in rows if "is-flagged" in row.get_attribute("class")]
        assert len(flagged) >= 2, "the demo has a participant who stopped answering and one in pain"
        assert rows[:len(flagged)] == flagged
        reasons = [item.text for row in flagged for item in row.find_elements(By.CSS_SELECTOR, "li.flag")]
        assert any(reason.startswith("High pain\n") for reason in reasons), reasons
        assert any(reason.startswith("No answers for two days\n") and "none since" in reason and "days ago" in reason for reason in reasons), reasons
        assert all(item.is_displayed() for row in flagged for item in row.find_elements(By.CSS_SELECTOR, "li.flag .reason"))
        # A flagged row carries its red bar: on the whole row where a phone stacks it, on its first cell on a desktop.
        barred = flagged[0] if metrics is PHONE else flagged[0].find_element(By.CSS_SELECTOR, "th[scope=row]")
        assert "inset" in barred.value_of_css_property("box-shadow"), barred.value_of_css_property("box-shadow")
        screenshot(driver, f"worklist-{width}")

        headings = driver.find_elements(By.CSS_SELECTOR, "table.participants thead th")
        assert len(headings) >= 8
        for column, heading in enumerate(headings):
            button = heading.find_element(By.CSS_SELECTOR, "button.sort-button")
            assert button.is_displayed(), heading.text
            numeric = heading.get_attribute("data-sort-type") == "number"
            first = heading.get_attribute("data-sort-first") or "ascending"
            for direction in [first, "ascending" if first == "descending" else "descending"]:
                driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
                button.click()
                assert heading.get_attribute("aria-sort") == direction
                keys = sort_keys(driver, column)
                assert in_order(keys, numeric, direction == "descending"), (heading.text, direction, keys)
        assert console_errors(driver) == []
    finally:
        driver.quit()


@pytest.mark.parametrize("metrics", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_worklist_shows_one_status_at_a_time_with_the_script(site, metrics):
    driver = make_driver(metrics, webgl=False)
    try:
        driver.get((site / "index.html").as_uri())
        group = driver.find_element(By.CSS_SELECTOR, "fieldset.status-filter")
        assert group.is_displayed(), "the script shows the filter"
        choices = group.find_elements(By.CSS_SELECTOR, "label")
        assert choices[0].text.startswith("Everyone (")
        for choice in choices:
            box = choice.rect
            assert box["height"] >= 44 and box["width"] >= 44, (choice.text, box)
        everyone = len(driver.find_elements(By.CSS_SELECTOR, ROWS))
        # The demo's newest participant has not joined yet: one status of several.
        chosen = choices[-1]
        status = chosen.find_element(By.CSS_SELECTOR, "input").get_attribute("value")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", chosen)
        chosen.click()
        shown = [row for row in driver.find_elements(By.CSS_SELECTOR, ROWS) if row.is_displayed()]
        assert 0 < len(shown) < everyone and f"({len(shown)})" in chosen.text
        assert all(row.get_attribute("data-status") == status for row in shown)
        choices[0].click()
        assert all(row.is_displayed() for row in driver.find_elements(By.CSS_SELECTOR, ROWS))
        assert console_errors(driver) == []
    finally:
        driver.quit()
