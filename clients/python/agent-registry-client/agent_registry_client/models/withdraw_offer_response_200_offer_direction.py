from enum import StrEnum


class WithdrawOfferResponse200OfferDirection(StrEnum):
    INCOMING = "incoming"
    OUTGOING = "outgoing"

    def __str__(self) -> str:
        return str(self.value)
