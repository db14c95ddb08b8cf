from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_namespace_response_200_capability_type_0_registration_term_limits_model import (
    GetNamespaceResponse200CapabilityType0RegistrationTermLimitsModel,
)

T = TypeVar("T", bound="GetNamespaceResponse200CapabilityType0RegistrationTermLimits")


@_attrs_define
class GetNamespaceResponse200CapabilityType0RegistrationTermLimits:
    """
    Attributes:
        min_years (int):
        max_years (int):
        model (GetNamespaceResponse200CapabilityType0RegistrationTermLimitsModel):
    """

    min_years: int
    max_years: int
    model: GetNamespaceResponse200CapabilityType0RegistrationTermLimitsModel

    def to_dict(self) -> dict[str, Any]:
        min_years = self.min_years

        max_years = self.max_years

        model = self.model.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "min_years": min_years,
                "max_years": max_years,
                "model": model,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        min_years = d.pop("min_years")

        max_years = d.pop("max_years")

        model = GetNamespaceResponse200CapabilityType0RegistrationTermLimitsModel(d.pop("model"))

        get_namespace_response_200_capability_type_0_registration_term_limits = cls(
            min_years=min_years,
            max_years=max_years,
            model=model,
        )

        return get_namespace_response_200_capability_type_0_registration_term_limits
