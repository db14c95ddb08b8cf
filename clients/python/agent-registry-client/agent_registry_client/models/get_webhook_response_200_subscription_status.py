from enum import StrEnum


class GetWebhookResponse200SubscriptionStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
