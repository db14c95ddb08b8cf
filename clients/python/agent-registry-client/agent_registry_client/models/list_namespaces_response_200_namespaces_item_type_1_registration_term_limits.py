from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.list_namespaces_response_200_namespaces_item_type_1_registration_term_limits_model import (
    ListNamespacesResponse200NamespacesItemType1RegistrationTermLimitsModel,
)

T = TypeVar("T", bound="ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits")


@_attrs_define
class ListNamespacesResponse200NamespacesItemType1RegistrationTermLimits:
    """
    Attributes:
        min_years (int):
        max_years (int):
        model (ListNamespacesResponse200NamespacesItemType1RegistrationTermLimitsModel):
    """

    min_years: int
    max_years: int
    model: ListNamespacesResponse200NamespacesItemType1RegistrationTermLimitsModel

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

        model = ListNamespacesResponse200NamespacesItemType1RegistrationTermLimitsModel(d.pop("model"))

        list_namespaces_response_200_namespaces_item_type_1_registration_term_limits = cls(
            min_years=min_years,
            max_years=max_years,
            model=model,
        )

        return list_namespaces_response_200_namespaces_item_type_1_registration_term_limits
