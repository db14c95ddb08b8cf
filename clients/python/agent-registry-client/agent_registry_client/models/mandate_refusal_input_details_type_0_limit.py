from enum import StrEnum


class MandateRefusalInputDetailsType0Limit(StrEnum):
    PER_30_DAYS = "per_30_days"
    PER_DAY = "per_day"
    PER_OPERATION = "per_operation"

    def __str__(self) -> str:
        return str(self.value)
