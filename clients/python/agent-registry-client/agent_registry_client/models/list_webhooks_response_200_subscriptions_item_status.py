from enum import StrEnum


class ListWebhooksResponse200SubscriptionsItemStatus(StrEnum):
    ACTIVE = "active"
    DISABLED = "disabled"

    def __str__(self) -> str:
        return str(self.value)
