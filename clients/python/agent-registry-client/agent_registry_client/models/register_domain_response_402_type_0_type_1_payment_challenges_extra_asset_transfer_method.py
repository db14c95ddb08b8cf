from enum import StrEnum


class RegisterDomainResponse402Type0Type1PaymentChallengesExtraAssetTransferMethod(StrEnum):
    EIP3009 = "eip3009"

    def __str__(self) -> str:
        return str(self.value)
