"""The clinician at a desktop, opening the built site from disk."""
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import TODAY, console_errors, requested_urls, screenshot, wait_for_next_page


def follow(driver, selector):
    page = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, selector).click()
    wait_for_next_page(driver, page)


def test_the_clinician_journey_from_disk(desktop, site):
    desktop.get((site / "index.html").as_uri())
    assert desktop.find_element(By.TAG_NAME, "h1").text == "Participants"
    rows = desktop.find_elements(By.CSS_SELECTOR, "table.participants tbody tr")
    assert len(rows) == 6
    screenshot(desktop, "index-desktop")

    # Who needs attention first: the first row is flagged, and its page says why.
    first = desktop.find_element(By.CSS_SELECTOR, "table.participants tbody tr:first-child")
    assert "is-flagged" in first.get_attribute("class")
    participant = first.find_element(By.CSS_SELECTOR, "th").get_attribute("data-sort")
    follow(desktop, "table.participants tbody tr:first-child th a")
    assert desktop.current_url.endswith(f"/participants/{participant}/index.html")
    assert desktop.find_elements(By.CSS_SELECTOR, ".record-facts li.flag")
    follow(desktop, "a[href$='feed/%s.html']" % TODAY)
    assert "Today" in desktop.find_element(By.TAG_NAME, "h1").text
    screenshot(desktop, "feed-desktop")

    follow(desktop, "a[rel=prev]")
    assert desktop.current_url.endswith("/feed/2026-11-29.html")
    # A clinician's page says what happened, not what the participant may no longer do.
    assert "Past days are locked" not in desktop.page_source
    follow(desktop, "a[rel=next]")
    assert desktop.current_url.endswith(f"/feed/{TODAY}.html")

    follow(desktop, "nav[aria-label=Main] a[href$='insights.html']")
    assert len(desktop.find_elements(By.CSS_SELECTOR, "svg.chart")) >= 2
    screenshot(desktop, "insights-desktop")

    follow(desktop, "nav[aria-label=Main] a[href$='consent.html']")
    assert "matches the text below" in desktop.page_source
    # Built without --names: the signature, like the name, stays in the store.
    assert not desktop.find_elements(By.CSS_SELECTOR, "svg.signature-drawing path")
    assert "Signed with a drawn signature, withheld" in desktop.page_source
    screenshot(desktop, "consent-desktop")

    follow(desktop, "nav[aria-label=Main] a[href$='audit.html']")
    assert desktop.find_element(By.TAG_NAME, "h1").text == "Audit trail"
    events = [cell.text for cell in desktop.find_elements(By.CSS_SELECTOR, "table.audit tbody th")]
    assert "Consent signed" in events and "Answer saved" in events
    screenshot(desktop, "audit-desktop")

    # Nothing was requested from anywhere but the site's own files.
    urls = requested_urls(desktop)
    assert len(urls) > 10
    assert [url for url in urls if not url.startswith(("file://", "data:"))] == []
    assert console_errors(desktop) == []


def test_the_meniscus_note_from_disk_shows_the_model_or_its_poster(desktop, site):
    desktop.get((site / "education" / "meniscus.html").as_uri())
    WebDriverWait(desktop, 15).until(
        lambda driver: driver.find_elements(By.CSS_SELECTOR, ".model-stage canvas, .model-stage img.model-poster"))
    assert len(desktop.find_elements(By.CSS_SELECTOR, ".annotations li")) == 5
    screenshot(desktop, "education-desktop")
    assert console_errors(desktop) == []
