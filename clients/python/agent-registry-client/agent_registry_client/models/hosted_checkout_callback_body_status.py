from enum import StrEnum


class HostedCheckoutCallbackBodyStatus(StrEnum):
    PAID = "paid"

    def __str__(self) -> str:
        return str(self.value)
