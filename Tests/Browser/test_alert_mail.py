"""An answer that raises Recover's alert, hosted with a mail relay: the participant sees whom to call at
once; the study's contact gets one e-mail from a real SMTP server in the test (aiosmtpd on loopback)
naming the study, the study ID, the alert and the day, and nothing private; with the relay stopped the
answer is saved all the same, and once the relay is back, after a restart of `host`, the e-mail arrives,
once."""
import email
import email.policy
import time

from aiosmtpd.controller import Controller
from selenium.webdriver.common.by import By

from test_hosting import Host, answer_check_in, folder, free_port, join_and_onboard, phone  # noqa: F401 (fixture)


class Inbox:
    """What the relay was given: each message as parsed by Python's e-mail package."""

    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append((envelope.mail_from, list(envelope.rcpt_tos),
                              email.message_from_bytes(envelope.original_content, policy=email.policy.default)))
        return "250 OK"

    def wait(self, count, within):
        deadline = time.monotonic() + within
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.1)
        return len(self.messages)


def relay(inbox, port):
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def test_an_alert_mails_the_study_once_with_nothing_private_even_when_the_relay_was_down(folder):
    inbox, port = Inbox(), free_port()
    controller = relay(inbox, port)
    host = Host(folder, extra=["--smtp", f"smtp://127.0.0.1:{port}", "--mail-from", "carefeed@example.org",
                               "--site-url", "https://team.example.org/recover"])
    ada, bob = phone(), phone()
    try:
        join_and_onboard(ada, host.invite("p1"), "Ada Lovelace")
        answer_check_in(ada, 9, "words-only-ada-knows")
        # The participant is told whom to call at once, above the thanks.
        assert ada.find_element(By.CSS_SELECTOR, "main > section.call-us h2").text == "Please call us now"
        assert ada.find_elements(By.CSS_SELECTOR, "section.call-us a[href^='tel:']")
        assert inbox.wait(1, within=10) == 1, host.stderr()
        sender, recipients, message = inbox.messages[0]
        assert sender == "carefeed@example.org" and recipients == ["recover-study@example.org"]
        assert message["From"] == "carefeed@example.org" and message["To"] == "recover-study@example.org"
        assert message["Subject"] == "[Recover] Severe pain: p1"
        assert message["Message-ID"].startswith("<carefeed-alert-") and message["Date"]
        body = message.get_content().replace("\r\n", "\n")
        assert "Alert: Severe pain\n" in body and "Participant: p1\n" in body and "Day: 20" in body
        assert "Participant's page: https://team.example.org/recover/participants/p1/index.html" in body
        # Nothing private: no value, no name, no free text.
        for private in ["Ada", "Lovelace", "words-only-ada-knows", ": 9", "9 ", "hours"]:
            assert private not in body and private not in str(message["Subject"]), private

        # The relay stops: the next alert's answer is saved and shown at once all the same.
        controller.stop()
        join_and_onboard(bob, host.invite("p2"), "Bob Brown")
        started = time.monotonic()
        answer_check_in(bob, 10, "bob-only-words")
        assert bob.find_element(By.CSS_SELECTOR, "section.call-us h2").text == "Please call us now"
        assert time.monotonic() - started < 5
        deadline = time.monotonic() + 10
        while "not sent (attempt 1)" not in host.stderr() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert "not sent (attempt 1)" in host.stderr(), host.stderr()
        assert len(inbox.messages) == 1

        # `host` restarts while the e-mail waits, and the relay is back: it arrives, once.
        host.stop()
        controller = relay(inbox, port)
        host = Host(folder, extra=["--smtp", f"smtp://127.0.0.1:{port}", "--mail-from", "carefeed@example.org"])
        assert inbox.wait(2, within=20) == 2, host.stderr()
        assert "p2" in str(inbox.messages[1][2]["Subject"])
        time.sleep(6)
        assert len(inbox.messages) == 2, "each alert is e-mailed once"
    finally:
        ada.quit()
        bob.quit()
        host.stop()
        controller.stop()
