"""What the adapters count as Metrics.error's kind. Each platform's spec lists those its adapter counts, and
/metrics shows them at 0 from the start: one spelling for both, so a renamed kind can't lose its series."""

HANDLER_FAILED = "handler"  # a command, button or vote handler raised
EVENT_FAILED = "event"  # a Discord gateway event's handler raised
GATEWAY_FAILED = "gateway"  # the Discord gateway connection failed for good
POLLING_FAILED = "polling"  # fetching Telegram's updates failed
