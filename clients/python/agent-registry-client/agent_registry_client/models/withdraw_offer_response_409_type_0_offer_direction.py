from enum import StrEnum


class WithdrawOfferResponse409Type0OfferDirection(StrEnum):
    INCOMING = "incoming"
    OUTGOING = "outgoing"

    def __str__(self) -> str:
        return str(self.value)
