from enum import StrEnum


class RedeliverWebhookResponse200Redelivery(StrEnum):
    RESTARTED = "restarted"
    RETRYING_NOW = "retrying_now"

    def __str__(self) -> str:
        return str(self.value)
