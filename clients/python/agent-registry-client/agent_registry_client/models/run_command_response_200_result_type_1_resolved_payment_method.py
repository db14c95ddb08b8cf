from enum import StrEnum


class RunCommandResponse200ResultType1ResolvedPaymentMethod(StrEnum):
    GEMS = "gems"
    MPP = "mpp"

    def __str__(self) -> str:
        return str(self.value)
