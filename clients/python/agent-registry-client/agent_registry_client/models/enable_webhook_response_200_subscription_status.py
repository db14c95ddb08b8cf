from enum import StrEnum


class EnableWebhookResponse200SubscriptionStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
