from enum import StrEnum


class ListActivityResponse200DataItemKind(StrEnum):
    OFFER_ESCROW = "offer_escrow"
    OFFER_RELEASE = "offer_release"
    ONCHAIN_IDENTITY = "onchain_identity"
    PAYOUT = "payout"
    PURCHASE = "purchase"
    REGISTRATION = "registration"
    RENEWAL = "renewal"
    SALE = "sale"
    TRANSFER = "transfer"

    def __str__(self) -> str:
        return str(self.value)
